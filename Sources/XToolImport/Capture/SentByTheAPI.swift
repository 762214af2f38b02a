import Foundation
import XToolRules
import XToolSpec

/// The parameters the API sends on every call by itself, which no method takes: constants
/// (`fixed:`), the time of the request (`now:`), a value made afresh for each call (`nonce:`)
/// and the signature (`sign:`).
struct SentByTheAPI: Equatable {
    /// The parameters every call sends with one value, and the value.
    var constants: [String: String] = [:]
    /// The constants every call sends as a JSON number, Boolean or null (`"notify": true`), not
    /// as text: written as the literal they are.
    var literals: Set<String> = []
    /// The parameters that are each call's time, and its style (`secondsSince1970`, a format).
    var times: [String: String] = [:]
    /// The parameter that is a signature.
    var signature: String?
    /// The zone a time written in a format is in (an IANA name), by the time's name.
    var timeZones: [String: String] = [:]
    /// The parameters made afresh for each call, and the kind `nonce:` makes (`uuid`, `hex`,
    /// `number`); `provided` for one no `nonce:` makes (the app provides it).
    var nonces: [String: String] = [:]
    /// How the signature could be recomputed but for the secret, where the captured calls send
    /// every parameter it would sign (nil: the app's signer).
    var recipe: SigningGuess?
    /// The parameters seen paging (`CaptureDrafting.pagingParameters`): the call's to choose,
    /// never a constant, and never an endpoint's fixed value.
    var paging: Set<String> = []
    /// The API's own headers (`ConstantHeaders.isTheAPIs`) that are each call's time or made
    /// afresh for each call (`X-Timestamp`, `X-Request-ID`), as what the same parameters would
    /// be: `now:` and `nonce:` values, sent in the header.
    var headers: [ProvidedDraft] = []
    /// The API's own headers whose value changes from call to call as no time or random value
    /// does (an id the app counts up), which the spec can't send: named in the summary.
    var unreadHeaders: [String] = []

    /// A signature's likely recipe: the digest its length says, over the other parameters sorted
    /// as `k=v` joined by `&`, the secret after them, in the case its hex digits are in.
    struct SigningGuess: Equatable {
        var digest: String
        var upperCase = false
    }

    /// Every parameter named here.
    var names: Set<String> {
        Set(constants.keys).union(times.keys).union(nonces.keys).union(signature.map { [$0] } ?? [])
    }

    /// The constants as `fixed:` values, by name.
    var fixedValues: [ProvidedDraft] {
        constants.keys.sorted().map {
            ProvidedDraft(name: $0, label: $0, value: constants[$0], isLiteral: literals.contains($0))
        }
    }

    /// The times as `now:` values and the nonces as `nonce:` (or provided) values, by name.
    var nowValues: [ProvidedDraft] {
        let times = self.times.keys.sorted().map { name in
            var value = ProvidedDraft(name: name, label: name, now: self.times[name])
            value.timezone = timeZones[name]
            if let zone = value.timezone, zone != "UTC" {
                value.comments.append(
                    "each call's own time in \(zone)'s offset, which it keeps all year: name the API's zone if it has summer time"
                )
            } else if value.timezone == nil, Self.timeFormats.contains(self.times[name] ?? "") {
                value.timezone = "UTC"
                value.comments.append("the capture gives no call's time to tell this time's zone: UTC assumed")
            }
            return value
        }
        let nonces = self.nonces.keys.sorted().map { name in
            var value = ProvidedDraft(name: name, label: SwiftNaming.parameterName(name) ?? "nonce")
            if self.nonces[name] == "provided" {
                value.comments.append("a new random value on every captured call, of a kind no nonce: makes: the app's")
            } else {
                value.nonce = self.nonces[name]
            }
            return value
        }
        return times + nonces
    }

    /// `sign:`: the signature's name, which the app's signer fills in, and a note on what the
    /// capture shows of it: where its calls let a recipe be recomputed but for the secret, the
    /// common one, `sign:`'s long form, ready to take instead. It stays a note: the secret was
    /// never sent, so no captured call can confirm it (and the seed apps' own gateways, Dianping's
    /// and the home screen's, sign otherwise).
    var signing: (name: String, comment: String)? {
        guard let signature else { return nil }
        guard let recipe else {
            return (
                signature,
                "changes every call and looks like a digest of the others: the app's signer computes it (or a recipe: see sign:)"
            )
        }
        var keys = [
            "name: \(signature)", "secret: \(SwiftNaming.parameterName(signature + "_secret") ?? "signingSecret")",
            "digest: \(recipe.digest)", "secretAt: after", "text: query",
        ]
        if recipe.upperCase { keys.append("case: upper") }
        return (
            signature,
            "`\(signature)` changes every call, \(recipe.digest) digests in \(recipe.upperCase ? "upper" : "lower")-case hex: "
                + "the app's signer computes it.\nWhere the API signs the other parameters sorted as k=v joined by & "
                + "with a secret after them, the runtime can instead (the secret was never sent, so the capture can't "
                + "confirm the recipe: check it):\n  sign: { \(keys.joined(separator: ", ")) }"
        )
    }

    /// What the calls of a capture show the API sends by itself, the calls grouped by endpoint
    /// and the envelope they share found as the importer finds them.
    static func inferred(from exchanges: [CapturedExchange]) -> SentByTheAPI {
        inferred(from: exchanges, groups: PathTemplates.groups(exchanges), envelope: .shared(by: exchanges))
    }

    /// What the calls of a capture show the API sends by itself, given the calls grouped by
    /// endpoint (`PathTemplates.groups`) and the envelope their answers share.
    static func inferred(
        from exchanges: [CapturedExchange], groups: [PathTemplates.Group], envelope: EnvelopeDraft?
    ) -> SentByTheAPI {
        let names = parameterNames(in: exchanges)
        let values = Dictionary(
            uniqueKeysWithValues: names.map { name in
                (name, exchanges.flatMap { call in call.parameters.filter { $0.name == name }.map(\.value) })
            })
        var sent = SentByTheAPI()
        for name in names {
            if let style = epochTime(name, in: exchanges) {
                sent.times[name] = style
            } else if let (style, zone) = textTime(name, in: exchanges) {
                sent.times[name] = style
                sent.timeZones[name] = zone
            }
        }
        sent.constants = constants(in: exchanges, sending: values).filter {
            sent.times[$0.key] == nil && values[$0.key] != nil
        }
        sent.literals = Set(
            sent.constants.keys.filter { name in exchanges.allSatisfy { $0.literalMembers.contains(name) } })
        // A digest sent to one path of several is the path's own (a file's hash).
        let paths = Set(exchanges.map { $0.method + " " + $0.segments.joined(separator: "/") })
        let digests = names.filter { name in
            sent.times[name] == nil && isSignature(name, in: exchanges)
                && (paths.count == 1
                    || Set(
                        exchanges.filter { call in call.parameters.contains { $0.name == name } }.map {
                            $0.method + " " + $0.segments.joined(separator: "/")
                        }
                    ).count > 1)
        }
        // Of two digests, the one named as a signature is, else the last sent (a signature is
        // computed last); the other is a random value.
        sent.signature =
            digests.first { $0.lowercased().contains("sig") } ?? digests.last
        if let signature = sent.signature {
            let sample = values[signature]![0]
            let digest = [32: "md5", 40: "sha1", 64: "sha256"][sample.count] ?? "md5"
            let signed = exchanges.filter { call in call.parameters.contains { $0.name == signature } }
            if signed.allSatisfy({ $0.unreadRequest == nil }) {
                sent.recipe = SigningGuess(digest: digest, upperCase: sample.contains { $0.isUppercase })
            }
        }
        // A call repeated as it was (a retry) sends its value again: once per request.
        var requests: Set<String> = []
        let repeatsOne = exchanges.map { call in
            !requests.insert(
                call.method + " " + call.segments.joined(separator: "/") + "?"
                    + call.parameters.map { $0.name + "=" + $0.value }.joined(separator: "&")
            ).inserted
        }
        for name in names where !sent.names.contains(name) {
            let once = zip(exchanges, repeatsOne).compactMap { call, repeats -> String? in
                repeats ? nil : call.parameters.first(where: { $0.name == name })?.value
            }
            if let kind = nonceKind(of: once, everyCall: values[name]!.count == exchanges.count), paths.count > 1 {
                sent.nonces[name] = kind
            }
        }
        // A page number, offset or page size seen moving is the call's, however constant.
        sent.paging = CaptureDrafting.pagingParameters(in: groups, envelope: envelope, besides: sent)
        for name in sent.paging { sent.constants[name] = nil }
        (sent.headers, sent.unreadHeaders) = headerValues(in: exchanges)
        return sent
    }

    /// The API's own headers that change from call to call: the times and nonces among them
    /// found as a parameter's are (`fixed:` values `in: header`), and the others' names.
    private static func headerValues(in exchanges: [CapturedExchange]) -> (
        values: [ProvidedDraft], unread: [String]
    ) {
        var names: [String] = []
        for exchange in exchanges {
            for (name, value) in exchange.headers
            where ConstantHeaders.isTheAPIs(name: name, value: value)
                && !names.contains(where: { $0.lowercased() == name.lowercased() })
            {
                names.append(name)
            }
        }
        var values: [ProvidedDraft] = []
        var unread: [String] = []
        for name in names {
            let lowered = name.lowercased()
            let sent = exchanges.compactMap { $0.headers.first { $0.name.lowercased() == lowered }?.value }
            guard Set(sent).count > 1 else { continue }  // constant: `ConstantHeaders`
            // The header's values as a parameter's, so that one rule reads both.
            let calls = exchanges.map { call in
                var call = call
                call.parameters = call.headers.filter { $0.name.lowercased() == lowered }.map { (name, $0.value) }
                return call
            }
            let label = SwiftNaming.parameterName(name) ?? "header"
            if let style = epochTime(name, in: calls) {
                values.append(ProvidedDraft(name: name, label: label, now: style, placement: "header"))
            } else if let (style, zone) = textTime(name, in: calls) {
                var value = ProvidedDraft(name: name, label: label, now: style, placement: "header")
                value.timezone = zone ?? (timeFormats.contains(style) ? "UTC" : nil)
                values.append(value)
            } else if let kind = nonceKind(of: sent, everyCall: sent.count == exchanges.count), kind != "provided" {
                var value = ProvidedDraft(name: name, label: label, placement: "header")
                value.nonce = kind
                values.append(value)
            } else {
                unread.append(name)
            }
        }
        return (values, unread)
    }

    /// The names of the parameters sent but for arrays, in the order first seen.
    private static func parameterNames(in exchanges: [CapturedExchange]) -> [String] {
        // An array (`ids[]=1&ids[]=2`) is the call's data, never a time, nonce or constant.
        let arrays = CapturedExchange.arrayNames(in: exchanges)
        var names: [String] = []
        for exchange in exchanges {
            for (name, _) in exchange.parameters where !names.contains(name) && !arrays.contains(name) {
                names.append(name)
            }
        }
        return names
    }

    /// The parameters every call sends with one value (at least two calls). A credential stays
    /// provided, a page size, page number or offset the call's to choose, and a value of the
    /// kind of data the calls vary (`CaptureDrafting.varyingKinds`, of `values`: each
    /// parameter's values in the calls that sent it) data.
    private static func constants(in exchanges: [CapturedExchange], sending values: [String: [String]]) -> [String:
        String]
    {
        guard exchanges.count > 1 else { return [:] }
        var constants: [String: String] = [:]
        // A value of the kind of data the calls vary (an origin beside destinations) is data.
        let varyingKinds = CaptureDrafting.varyingKinds(values.values)
        for (name, value) in exchanges[0].parameters
        where !Credentials.isCredential(name: name, value: value) && !WireVocabulary.paging.contains(name)
            && !varyingKinds.contains(CaptureDrafting.structure(of: value) ?? "")
        {
            if exchanges.allSatisfy({ call in call.parameters.contains { $0.name == name && $0.value == value } }) {
                constants[name] = value
            }
        }
        return constants
    }

    /// The style of a parameter sent as an epoch time in seconds (10 digits) or milliseconds (13)
    /// that is each call's time, in two calls or more: each call's own (its `startedDateTime`, to
    /// five minutes: calls of one second send one value), or else (a capture with no call's time,
    /// an app whose clock is a test's) a different one each time, never going back, all within a
    /// day.
    private static func epochTime(_ name: String, in exchanges: [CapturedExchange]) -> String? {
        let sent = exchanges.compactMap { call in call.parameters.first { $0.name == name }.map { (call, $0.value) } }
        guard sent.count > 1, let digits = sent.first?.1.count, digits == 10 || digits == 13,
            sent.allSatisfy({ $0.1.count == digits && Int64($0.1) != nil })
        else { return nil }
        let style = (digits == 10 ? DateStyleName.secondsSince1970 : .millisecondsSince1970).rawValue
        let times = sent.map { Double(Int64($0.1)!) / (digits == 10 ? 1 : 1000) }
        if sent.allSatisfy({ $0.0.started != nil }),
            sent.indices.allSatisfy({ abs(times[$0] - sent[$0].0.started!.timeIntervalSince1970) <= 300 })
        {
            return style
        }
        guard Set(times).count == times.count, zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }),
            times.last! - times.first! <= 86_400
        else { return nil }
        return style
    }

    /// The formats a time sent as text is read in, besides ISO 8601.
    static let timeFormats = ["yyyy-MM-dd HH:mm:ss", "yyyy/MM/dd HH:mm:ss", "yyyyMMddHHmmss"]

    /// The style and zone of a parameter sent as text that is each call's time: ISO 8601
    /// (`iso8601`), or one of `timeFormats` in the zone where it is the call's own time (the
    /// entry's `startedDateTime`, to five minutes; nil where the capture gives no time). Two calls
    /// or more, never going back, all within a day; not all one value unless each is its call's.
    static func textTime(_ name: String, in exchanges: [CapturedExchange]) -> (style: String, zone: String?)? {
        let sent = exchanges.compactMap { call in call.parameters.first { $0.name == name }.map { (call, $0.value) } }
        guard sent.count > 1, Set(sent.map(\.1)).count > 1 || sent.allSatisfy({ $0.0.started != nil }) else {
            return nil
        }
        let iso = sent.map { $0.1.contains("T") ? DateRules.isoDate($0.1) : nil }
        if iso.allSatisfy({ $0 != nil }) {
            let dates = iso.map { $0! }
            guard isTimeOfCalls(dates), Set(dates).count > 1 || sent.allSatisfy({ $0.0.started != nil }),
                sent.indices.allSatisfy({ i in
                    sent[i].0.started.map { abs($0.timeIntervalSince(dates[i])) <= 300 } ?? true
                })
            else { return nil }
            return (DateStyleName.iso8601.rawValue, nil)
        }
        for format in timeFormats {
            // Each format is of fixed width and starts with its year: other text is not parsed.
            guard sent.allSatisfy({ $0.1.utf8.count == format.utf8.count && $0.1.first?.isNumber == true }) else {
                continue
            }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            formatter.isLenient = false
            let read = sent.map { value in
                formatter.date(from: value.1).flatMap { formatter.string(from: $0) == value.1 ? $0 : nil }
            }
            guard read.allSatisfy({ $0 != nil }) else { continue }
            let dates = read.map { $0! }
            guard isTimeOfCalls(dates) else { return nil }
            guard sent.allSatisfy({ $0.0.started != nil }) else { return (format, nil) }
            // The zone: the offset of the text's clock from each call's instant, in quarters
            // of an hour, one for every call.
            let offsets = sent.indices.map { dates[$0].timeIntervalSince(sent[$0].0.started!) }
            let offset = (offsets[0] / 900).rounded() * 900
            guard offsets.allSatisfy({ abs($0 - offset) <= 300 }), let zone = zoneName(offset: Int(offset)) else {
                return nil
            }
            return (format, zone)
        }
        return nil
    }

    /// Times that never go back, all within a day.
    private static func isTimeOfCalls(_ dates: [Date]) -> Bool {
        zip(dates, dates.dropFirst()).allSatisfy { $0 <= $1 } && dates.last!.timeIntervalSince(dates[0]) <= 86_400
    }

    /// A zone whose offset from UTC (in seconds) is `offset` all year, by the names Foundation
    /// knows on every platform (`Etc/GMT-8` is none): `UTC`, `Asia/Shanghai` for +08:00.
    static func zoneName(offset: Int) -> String? {
        let zones = [
            0: "UTC", 3600: "Africa/Lagos", 7200: "Africa/Johannesburg", 10_800: "Europe/Moscow",
            12_600: "Asia/Tehran", 14_400: "Asia/Dubai", 16_200: "Asia/Kabul", 18_000: "Asia/Karachi",
            19_800: "Asia/Calcutta", 20_700: "Asia/Kathmandu", 21_600: "Asia/Dhaka", 23_400: "Asia/Yangon",
            25_200: "Asia/Bangkok", 28_800: "Asia/Shanghai", 32_400: "Asia/Tokyo", 34_200: "Australia/Darwin",
            36_000: "Australia/Brisbane", 39_600: "Pacific/Noumea", 43_200: "Pacific/Tarawa",
            46_800: "Pacific/Tongatapu", 50_400: "Pacific/Kiritimati", -3600: "Atlantic/Cape_Verde",
            -7200: "America/Noronha", -10_800: "America/Sao_Paulo", -14_400: "America/Puerto_Rico",
            -18_000: "America/Bogota", -21_600: "America/Costa_Rica", -25_200: "America/Phoenix",
            -28_800: "Pacific/Pitcairn", -32_400: "Pacific/Gambier", -34_200: "Pacific/Marquesas",
            -36_000: "Pacific/Honolulu", -39_600: "Pacific/Pago_Pago",
        ]
        return zones[offset]
    }

    /// Whether a parameter's values are a signature's: sent by two calls or more, a hex digest
    /// (MD5, SHA-1, SHA-256) each in one case (`9e10…`, `9E10…`), different wherever the rest of
    /// the request is (a call repeated as it was, a retry, sends it again).
    private static func isSignature(_ name: String, in exchanges: [CapturedExchange]) -> Bool {
        // Each value, and the rest of the request that sent it.
        var requests: [String: String] = [:]
        for call in exchanges {
            guard let value = call.parameters.first(where: { $0.name == name })?.value else { continue }
            let rest =
                call.method + " " + call.segments.joined(separator: "/") + "?"
                + call.parameters.filter { $0.name != name }.map { $0.name + "=" + $0.value }.joined(separator: "&")
            if let before = requests[value], before != rest { return false }
            requests[value] = rest
        }
        let values = exchanges.compactMap { call in call.parameters.first { $0.name == name }?.value }
        return values.count > 1 && requests.count > 1
            && values.allSatisfy { value in
                [32, 40, 64].contains(value.count) && value.allSatisfy(\.isHexDigit)
                    && (value.allSatisfy { !$0.isUppercase } || value.allSatisfy { !$0.isLowercase })
            }
    }

    /// The kind of a value made afresh for each call, from its values (every call's, `everyCall`):
    /// sent by every call, never twice, each of one length and alphabet: `uuid` (lower-case
    /// UUIDs), `hex` (32 lower-case hex digits), `number` (positive integers below 2³¹ in no
    /// order: a time or a counter goes up), else `provided` (upper-case UUIDs, hex of another
    /// length, letters and digits of one length, 8 or more).
    static func nonceKind(of values: [String], everyCall: Bool) -> String? {
        guard everyCall, values.count > 1, Set(values).count == values.count, let length = values.first?.count,
            values.allSatisfy({ $0.count == length || $0.allSatisfy(\.isNumber) })
        else { return nil }
        let isUUID = { (value: String) in
            value.split(separator: "-", omittingEmptySubsequences: false).map(\.count) == [8, 4, 4, 4, 12]
                && value.allSatisfy { $0 == "-" || $0.isHexDigit }
        }
        if values.allSatisfy(isUUID) {
            return values.allSatisfy({ $0 == $0.lowercased() }) ? "uuid" : "provided"
        }
        if values.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            let numbers = values.compactMap { Int64($0) }
            guard numbers.count == values.count, numbers.allSatisfy({ $0 > 0 && $0 < 1 << 31 }),
                !zip(numbers, numbers.dropFirst()).allSatisfy({ $0 < $1 })
            else { return nil }
            return "number"
        }
        guard length >= 8,
            values.allSatisfy({ value in
                value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && value.contains(where: \.isNumber)
            })
        else { return nil }
        let lowerHex = values.allSatisfy { $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
        return lowerHex && length == 32 ? "hex" : "provided"
    }
}
