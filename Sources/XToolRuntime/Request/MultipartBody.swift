import Foundation

/// A file parameter on its way into a multipart body.
typealias FilePart = (name: String, file: MultipartFile)

/// A `multipart/form-data` body (RFC 7578): text fields first, then files. Files on disk are
/// copied into a temporary file in chunks, so the body is never whole in memory.
struct MultipartBody {
    let boundary = "XToolBoundary-" + UUID().uuidString
    /// How much of a file is read at a time.
    static let chunkSize = 1 << 20

    var contentType: String { "multipart/form-data; boundary=" + boundary }

    /// The body in memory, or in a new temporary file when a part comes from a file on disk.
    func encode(fields: [Field], files: [FilePart]) throws -> RequestBody {
        let streams = files.contains { if case .file = $0.file.contents { true } else { false } }
        guard streams else {
            var data = Data()
            try write(fields: fields, files: files) { data.append($0) }
            return .data(data)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let output = FileHandle(forWritingAtPath: url.path)
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { try? output.close() }
        do {
            try write(fields: fields, files: files) { try output.write(contentsOf: $0) }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return .temporaryFile(url)
    }

    private func write(fields: [Field], files: [FilePart], to sink: (Data) throws -> Void) throws {
        for field in fields {
            for text in field.value.parameterTexts {
                try sink(header(disposition: "form-data; name=\"\(Self.quoted(field.name))\""))
                try sink(Data((text + "\r\n").utf8))
            }
        }
        for (name, file) in files {
            try sink(
                header(
                    disposition: "form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(file.filename))\"",
                    contentType: file.contentType))
            switch file.contents {
            case .data(let data):
                try sink(data)
            case .file(let url):
                let input = try FileHandle(forReadingFrom: url)
                defer { try? input.close() }
                while let chunk = try input.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                    try sink(chunk)
                }
            }
            try sink(Data("\r\n".utf8))
        }
        try sink(Data("--\(boundary)--\r\n".utf8))
    }

    private func header(disposition: String, contentType: String? = nil) -> Data {
        var header = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let contentType {
            header += "Content-Type: \(contentType)\r\n"
        }
        return Data((header + "\r\n").utf8)
    }

    /// Escapes a name for a quoted header parameter the way browsers do (HTML's form encoding).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}

/// A request body as the builder makes it.
enum RequestBody {
    case data(Data)
    /// A file the builder wrote, removed once the call is over.
    case temporaryFile(URL)
}

extension RequestBody {
    /// A file as a whole body: its bytes, or a temporary copy of a file on disk (the call removes
    /// what it sent from, which must not be the caller's file).
    static func whole(_ file: MultipartFile) throws -> RequestBody {
        switch file.contents {
        case .data(let data):
            return .data(data)
        case .file(let source):
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("xtool-body-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: source, to: url)
            return .temporaryFile(url)
        }
    }
}
