import Foundation
import Mustache
import XToolRuntime
import YAML

// The generated NotesAPI and NoteTool sit beside the app's own YAML and Mustache modules.
let transport = StubTransport { _ in StubTransport.Response(body: Data(#"{"notes": [{"id": 1, "text": "hi"}]}"#.utf8)) }
let notes = try await NoteTool(api: NotesAPI(transport: transport)).latest()
print(YAML.name, Mustache.name, "notes: \(notes.map(\.text))", separator: "; ")
