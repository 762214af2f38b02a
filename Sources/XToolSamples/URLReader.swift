import Foundation

/// How a sample's URL is read: as `URL(string:)` reads it on every OS the runtime supports.
enum URLReader {
    /// Why `text` is not a URL on every OS the runtime supports, or nil when it is one: iOS 16 and
    /// macOS 13 read no URL with characters a URL can't hold unescaped (iOS 17 escapes them).
    static func problem(_ text: String) -> String? {
        guard URL(string: text) != nil else { return "is not a URL" }
        guard let bad = text.unicodeScalars.first(where: { !characters.contains($0) }) else { return nil }
        let shown = bad == " " ? "a space" : "'\(bad.escaped(asASCII: true))'"
        return "iOS 16 and macOS 13 don't read as a URL: it holds \(shown), which a URL escapes"
    }

    /// RFC 3986's unreserved and reserved characters, and `%` for escapes.
    private static let characters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
}
