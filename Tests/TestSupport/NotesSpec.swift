/// The small spec the command-line tests generate (`Notes`: one model, one endpoint), with and
/// without a sample file (`samples/note.json` beside it).
public enum NotesSpec {
    /// The spec without a sample.
    public static let text = """
        xtoolgen: 1
        api: Notes
        baseURL: https://notes.example.com/
        models:
          Note:
            fields:
              id: Int64
              text: String
        tools:
          Note:
            endpoints:
              note:
                get: notes/{id}
                params:
                  id: Int64
                response: Note

        """

    /// The spec whose endpoint answers with the sample `samples/note.json` (line 17).
    public static let withSample = text + "        sample: samples/note.json\n"

    /// A sample of `Note`.
    public static let sample = #"{ "id": 1, "text": "first" }"#
}
