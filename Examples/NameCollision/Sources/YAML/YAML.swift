/// Stands for another package's `YAML` module.
public enum YAML {
    public static let name = "the app's own YAML module"
}
