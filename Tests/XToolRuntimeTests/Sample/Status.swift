import Foundation
@_spi(Generated) import XToolRuntime

/// A post on the timeline.
nonisolated public struct Status: Codable, Sendable, Hashable {
    public let id: Int64
    public let idstr: String
    public let text: String
    public let createdAt: Date
    public let user: User?
    // Recursion goes through a box. (`@Indirect public private(set) var` reads the same, but a
    // property wrapper cannot be a member of a `nonisolated` type.)
    private let _retweetedStatus: Indirect<Status?>
    public var retweetedStatus: Status? { _retweetedStatus.wrappedValue }
    public let repostsCount: Int
    public let picURLs: [Picture]
    public let coordinates: [Double]?
    public let visibility: Visibility

    nonisolated public enum Visibility: StringEnum {
        case `public`, friends, `private`
        case unknown(String)

        public static let knownCases: [Visibility] = [.public, .friends, .private]

        public var rawString: String {
            switch self {
            case .public: "public"
            case .friends: "friends"
            case .private: "private"
            case .unknown(let value): value
            }
        }
    }

    public init(
        id: Int64, idstr: String, text: String, createdAt: Date, user: User?, retweetedStatus: Status?,
        repostsCount: Int = 0, picURLs: [Picture] = [], coordinates: [Double]?, visibility: Visibility
    ) {
        self.id = id
        self.idstr = idstr
        self.text = text
        self.createdAt = createdAt
        self.user = user
        _retweetedStatus = Indirect(wrappedValue: retweetedStatus)
        self.repostsCount = repostsCount
        self.picURLs = picURLs
        self.coordinates = coordinates
        self.visibility = visibility
    }

    public init(from decoder: any Decoder) throws {
        let c = try FieldDecoder(decoder, lenient: true)
        id = try c.decode("id")
        idstr = try c.decode("idstr")
        text = try c.decode("text")
        createdAt = try c.decode("created_at")
        user = try c.decode("user")
        _retweetedStatus = try c.decode("retweeted_status")
        repostsCount = try c.decode("reposts_count", default: 0)
        picURLs = try c.decode("pic_urls", default: [])
        coordinates = try c.decode("geo.coordinates")
        visibility = try c.decode("visibility")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = FieldEncoder(encoder)
        try c.encode(id, "id")
        try c.encode(idstr, "idstr")
        try c.encode(text, "text")
        try c.encode(createdAt, "created_at")
        try c.encode(user, "user")
        try c.encode(_retweetedStatus, "retweeted_status")
        try c.encode(repostsCount, "reposts_count")
        try c.encode(picURLs, "pic_urls")
        try c.encode(coordinates, "geo.coordinates")
        try c.encode(visibility, "visibility")
    }
}

nonisolated public struct User: Codable, Sendable, Hashable {
    public let id: Int64
    public let name: String
    public let profileImageURL: URL?

    public init(id: Int64, name: String, profileImageURL: URL?) {
        self.id = id
        self.name = name
        self.profileImageURL = profileImageURL
    }

    public init(from decoder: any Decoder) throws {
        let c = try FieldDecoder(decoder, lenient: true)
        id = try c.decode("id")
        name = try c.decode("screen_name")
        profileImageURL = try c.decode("profile_image_url")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = FieldEncoder(encoder)
        try c.encode(id, "id")
        try c.encode(name, "screen_name")
        try c.encode(profileImageURL, "profile_image_url")
    }
}

nonisolated public struct Picture: Codable, Sendable, Hashable {
    public let thumbnailPic: URL

    public init(thumbnailPic: URL) {
        self.thumbnailPic = thumbnailPic
    }

    enum CodingKeys: String, CodingKey {
        case thumbnailPic = "thumbnail_pic"
    }
}
