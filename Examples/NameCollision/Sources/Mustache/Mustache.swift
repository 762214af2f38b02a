/// Stands for another package's `Mustache` module.
public enum Mustache {
    public static let name = "the app's own Mustache module"
}
