/// The names of `XToolRuntime` types that the generator's Swift spells (the templates spell the
/// rest): the one place they are written outside the runtime and `Templates/`.
/// `Tests/ReservedNamesTests` checks each against the runtime's type, and that each is reserved
/// (`ReservedNames.runtime`).
package enum RuntimeNames {
    /// What a spec's `JSON` is: any JSON value.
    package static let json = "JSON"
    /// What a spec's `File` is: a file to upload.
    package static let multipartFile = "MultipartFile"
    /// What a spec's `DayOrDate` is: a day or an instant, written back in the form it came in.
    package static let dayOrDate = "DayOrDate"
    /// A response's headers when the spec declares none of its own.
    package static let httpHeaders = "HTTPHeaders"

    /// All of them.
    package static let all: Set<String> = [json, multipartFile, httpHeaders, dayOrDate]
}
