import Foundation
import XToolSpec

extension Importer {
    enum MediaKind {
        case json, form, multipart
    }

    /// What a request body becomes: parameters sent in the body, or one whole-body value.
    struct RequestBody {
        var parameters: [MemberDraft] = []
        var body: BodyDraft?
        var comments: [String] = []
        /// The media type of a JSON body the runtime's `application/json` doesn't say
        /// (`application/vnd.example.app+json`), sent as the endpoint's `Content-Type` header.
        var contentType: String?
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = essence(mediaType)
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*" || type == "application/*"
    }

    /// A media type without its parameters, lower-cased: `Application/JSON; charset=utf-8` ->
    /// `application/json`.
    private static func essence(_ mediaType: String) -> String {
        mediaType.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The `Content-Type` a JSON body of `content` is sent with, when the server takes no
    /// `application/json`, the runtime's: the first JSON type it lists (a vendor type,
    /// `application/merge-patch+json`), a range (`*/*`, `application/*+json`) naming none.
    static func jsonContentType(_ content: Located?) -> String? {
        let types = (content?.entries ?? []).map(\.key).filter(isJSON)
        guard !types.contains(where: { essence($0) == "application/json" }) else { return nil }
        return types.first { !$0.contains("*") }
    }

    /// The JSON entry of a response's or a request body's `content` (references followed, the
    /// map's and the entry's).
    mutating func jsonMedia(of owner: Located) -> Located? {
        chosenMedia(of: owner, kinds: [.json])?.media
    }

    /// The entry of a request body's `content` the spec sends: JSON, else a form, else
    /// multipart (of `kinds`), references followed; nil when it has none of them.
    mutating func chosenMedia(
        of owner: Located, kinds: [MediaKind] = [.json, .form, .multipart]
    ) -> (kind: MediaKind, media: Located)? {
        let entries = object("content", of: owner)?.entries ?? []
        for kind in kinds {
            let entry = entries.first { entry in
                switch kind {
                case .json: Self.isJSON(entry.key)
                case .form: entry.key.lowercased().hasPrefix("application/x-www-form-urlencoded")
                case .multipart: entry.key.lowercased().hasPrefix("multipart/form-data")
                }
            }
            if let entry { return resolved(entry.value).map { (kind, $0) } }
        }
        return nil
    }

    /// Whether more operations send a form than JSON (the spec's `body: form`).
    mutating func mostBodiesAreForms() -> Bool {
        var forms = 0
        var json = 0
        for (_, _, value) in root["paths"]?.entries ?? [] {
            guard let item = resolved(value) else { continue }
            for (_, _, operation) in operations(of: item) {
                guard let reference = operation["requestBody"], let body = resolved(reference) else { continue }
                switch chosenMedia(of: body)?.kind {
                case .json: json += 1
                case .form: forms += 1
                case .multipart, nil: break
                }
            }
        }
        return forms > json
    }

    /// The request body: an inline JSON object's properties as parameters (a person's
    /// arguments), a named model as the whole body, a form's or a multipart body's fields as
    /// parameters (`format: binary` as `File`).
    mutating func requestBody(
        _ operation: Located, method: String, typeName: String, names: inout MemberNames
    ) -> RequestBody {
        guard let reference = operation["requestBody"], let body = resolved(reference) else { return RequestBody() }
        guard method != "get" else {
            // URLSession refuses to send a GET with a body (URLError -1103), so the spec can't say one.
            warning(
                "a GET request can't have a body (URLSession refuses to send one); this request body is left out",
                at: operation.keyOrigin("requestBody"))
            return RequestBody(comments: ["the document gives this GET a request body, which URLSession can't send"])
        }
        let required = body.node["required"]?.isTrue == true
        guard let (kind, media) = chosenMedia(of: body) else {
            // Bytes as they are (an image, `application/octet-stream`, text): a file as the whole body.
            let types = object("content", of: body)?.entries.map(\.key).joined(separator: ", ") ?? "no content"
            let file = TypeDraft(spelling: "File", kind: .file)
            return RequestBody(
                body: BodyDraft(
                    type: file, optional: !required, name: bodyName(file, names: &names),
                    summary: Self.summary(of: body)),
                comments: ["the body is \(types): the file's bytes, sent with its content type"])
        }
        switch kind {
        case .json:
            var result = jsonBody(
                media["schema"], required: required, summary: Self.summary(of: body), method: method,
                typeName: typeName,
                names: &names)
            result.contentType = Self.jsonContentType(object("content", of: body))
            return result
        case .form:
            var result = RequestBody()
            if !formBodies {
                warning(
                    "this form body is sent as JSON: the spec language sends every body of an API one way (body: form), and most of this API's are JSON",
                    at: operation.keyOrigin("requestBody"))
                result.comments.append(
                    "the document sends this body as a form; the spec sends JSON like the API's other bodies")
            }
            guard let schema = media["schema"] else { return result }
            result.parameters = fields(
                of: schema, encoding: formBodies ? .form : .json, encodings: media["encoding"], method: method,
                typeName: typeName, names: &names, comments: &result.comments)
            return result
        case .multipart:
            var result = RequestBody()
            guard let schema = media["schema"] else { return result }
            result.parameters = fields(
                of: schema, encoding: .multipart, encodings: media["encoding"], method: method, typeName: typeName,
                names: &names, comments: &result.comments)
            if !result.parameters.contains(where: { $0.type.kind == .file }) {
                let sentAs = formBodies ? "a form" : "JSON"
                warning("a multipart body without a file is sent as \(sentAs)", at: operation.keyOrigin("requestBody"))
                result.comments.append(
                    "the document sends this body as multipart/form-data; without a file the spec sends \(sentAs)")
            }
            return result
        }
    }

    private mutating func jsonBody(
        _ schema: Located?, required: Bool, summary: String?, method: String, typeName: String, names: inout MemberNames
    ) -> RequestBody {
        guard let schema else {
            return RequestBody(
                body: BodyDraft(
                    type: .json, optional: !required, name: bodyName(.json, names: &names), summary: summary))
        }
        if !formBodies, !Self.isReference(schema), isObjectSchema(schema) {
            let shape = shape(of: schema)
            let clashes = shape.properties.contains { property in
                !direction(of: property.schema).readOnly
                    && SwiftNaming.parameterName(property.key).map { names.contains($0) } ?? false
            }
            if !clashes {
                var result = RequestBody()
                result.parameters = fields(
                    of: schema, encoding: .json, method: method, typeName: typeName, names: &names,
                    comments: &result.comments)
                return result
            }
        }
        var result = RequestBody()
        var type = self.type(of: schema, suggested: typeName + "Request")
        if type.enumValues != nil || type.kind == .scalar || type.kind == .file {
            let location = resolved(schema) ?? schema
            warning(
                "a JSON body that is \(type.spelling) is sent as JSON: the spec's whole body is a model, an array, a dictionary or JSON",
                at: location)
            type = .json
        }
        result.comments = type.comments
        type.comments = []
        result.body = BodyDraft(type: type, optional: !required, name: bodyName(type, names: &names), summary: summary)
        return result
    }

    /// The `name:` of a whole body's argument: `request` for a model named `…Request`, else nil
    /// when the name the spec derives (the model's, or `body`) is free.
    private func bodyName(_ type: TypeDraft, names: inout MemberNames) -> String? {
        if type.spelling.hasSuffix("Request"), type.spelling != "Request", !names.contains("request") {
            return names.take("request")
        }
        let isModel = type.kind == .object && type.spelling != "JSON" && !type.spelling.hasPrefix("[")
        let derived = isModel ? SwiftNaming.memberName(type.spelling) ?? "body" : "body"
        guard names.contains(derived) else {
            _ = names.take(derived)
            return nil
        }
        return names.take(SwiftNaming.unique(derived) { names.contains($0) })
    }

    enum FieldEncoding {
        case json, form, multipart
    }

    /// An object's properties as body parameters.
    private mutating func fields(
        of schema: Located, encoding: FieldEncoding, encodings: Located? = nil, method: String, typeName: String,
        names: inout MemberNames, comments: inout [String]
    ) -> [MemberDraft] {
        guard isObjectSchema(schema) else {
            warning("the body is not an object with properties, so it has no fields to send", at: schema)
            comments.append("the body's schema is not an object: nothing of it is sent")
            return []
        }
        let shape = shape(of: schema)
        let hasBody = method != "get" && method != "delete"
        var result: [MemberDraft] = []
        for (key, keyNode, property) in shape.properties where !direction(of: property).readOnly {
            if security.allNames.contains(key) {
                comments.append("the body's '\(key)' is sent as the credential of the security scheme")
                continue
            }
            let sentAsText = encoding == .multipart || (encoding == .form && formBodies)
            var type =
                (sentAsText ? textUnion(property) : nil)
                ?? self.type(of: property, suggested: typeName + SwiftNaming.typeName(preservingCase: key))
            let origin = Origin(document: property.document, location: keyNode.location)
            var member = MemberDraft(key: key, type: type)
            member.origin = origin
            member.summary = Self.summary(of: property)
            let required = shape.required.contains(key)
            member.optional = !required || type.nullable
            if type.kind == .file, encoding != .multipart || !hasBody {
                warning(
                    "binary data is sent as a String here: only a multipart post, put or patch carries files",
                    at: origin)
                type = .scalar("String")
            }
            if encoding == .json {
                if type.nullable {
                    member.nullable = true
                    member.optional = false
                }
            } else if formBodies {
                switch type.kind {
                case .object:
                    member.style = "deepObject"
                case .array(elementIsScalar: false):
                    warning("a form can't carry an array of objects; '\(key)' is left out", at: origin)
                    comments.append("the field '\(key)' is left out: a form carries no array of objects")
                    continue
                case .array:
                    let style = encodings?[key]?.node["style"]?.string
                    let explode = encodings?[key]?.node["explode"].map(\.isTrue) ?? true
                    if style == nil || style == "form", !explode { member.style = "csv" }
                case .scalar, .file:
                    break
                }
            }
            member.type = type
            if !required {
                member.summary = Self.noting(serverDefault: resolved(property)?.node["default"], in: member.summary)
            }
            if !hasBody { member.location = "body" }
            member.swiftName = names.override(for: key, reserved: ReservedNames.parameterLabels)
            result.append(member)
        }
        return result
    }
}
