import Foundation

/// A file parameter on its way into a multipart body.
typealias FilePart = (name: String, file: MultipartFile)

/// A `multipart/form-data` body (RFC 7578): text fields first, then files.
struct MultipartBody {
    let boundary = "XToolBoundary-" + UUID().uuidString

    var contentType: String { "multipart/form-data; boundary=" + boundary }

    func encode(fields: [Field], files: [FilePart]) -> Data {
        var data = Data()
        for field in fields {
            for text in field.value.parameterTexts {
                appendHeader(to: &data, disposition: "form-data; name=\"\(Self.quoted(field.name))\"")
                data.append(Data(text.utf8))
                data.append(Data("\r\n".utf8))
            }
        }
        for (name, file) in files {
            appendHeader(
                to: &data,
                disposition: "form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(file.filename))\"",
                contentType: file.contentType)
            data.append(file.data)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return data
    }

    private func appendHeader(to data: inout Data, disposition: String, contentType: String? = nil) {
        var header = "--\(boundary)\r\nContent-Disposition: \(disposition)\r\n"
        if let contentType {
            header += "Content-Type: \(contentType)\r\n"
        }
        data.append(Data((header + "\r\n").utf8))
    }

    /// Escapes a name for a quoted header parameter the way browsers do (HTML's form encoding).
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
