import Foundation
import XToolRuntime

/// A Weibo home timeline of `count` statuses, about 2.4 KB each (1,000: about 2.4 MB): every
/// field the Weibo spec reads plus the ones a real response carries and the models skip, nested
/// users, a retweeted status in every third, pictures, geo points, optionals missing or null;
/// dates in Weibo's format or, Mastodon's way, in ISO 8601. Deterministic: the same arguments
/// give the same bytes.
struct Timeline {
    static let dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"

    /// ISO 8601 dates (`2011-05-31T09:46:55Z`) instead of Weibo's.
    var iso: Bool

    func document(statuses count: Int, extra: [String: JSON] = [:]) -> Data {
        var members = extra
        members["statuses"] = .array((0..<count).map { status($0, depth: 0) })
        members["total_number"] = .int(Int64(count * 17))
        members["previous_cursor"] = 0
        members["next_cursor"] = .int(Int64(3_000_000_000 + count))
        members["hasvisible"] = false
        return Data(JSON.object(members).description.utf8)
    }

    /// `{"code": 0, "message": "ok", "data": <document>}`, for the envelope variant.
    func enveloped(statuses count: Int) -> Data {
        let inner = document(statuses: count)
        return Data(#"{"code":0,"message":"ok","data":"#.utf8) + inner + Data("}".utf8)
    }

    private static let texts = [
        "今天天气不错，出去走走。#周末# http://t.cn/abc123 转发微博",
        "Reading the release notes of Swift 6: strict concurrency everywhere, and the data races are gone.",
        "求关注。这是一条比较长的微博，用来测试解码的速度，里面有中文、English words 和 emoji 🎉🎉。",
        "The quick brown fox jumps over the lazy dog; 敏捷的棕色狐狸跳过了懒狗。",
    ]
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static let calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func date(_ seed: Int) -> String {
        if iso {
            return String(
                format: "20%02d-%02d-%02dT%02d:%02d:%02dZ", 10 + seed % 15, 1 + seed % 12, 1 + seed % 28, seed % 24,
                seed % 60, (seed * 7) % 60)
        }
        // The weekday the date falls on, as Weibo writes it.
        let (year, month, day) = (2010 + seed % 15, 1 + seed % 12, 1 + seed % 28)
        let weekday = Self.calendar.component(
            .weekday, from: Self.calendar.date(from: DateComponents(year: year, month: month, day: day))!)
        return String(
            format: "%@ %@ %02d %02d:%02d:%02d +0800 %d", Self.days[weekday - 1], Self.months[month - 1], day,
            seed % 24, seed % 60, (seed * 7) % 60, year)
    }

    func status(_ index: Int, depth: Int) -> JSON {
        let id = Int64(3_400_000_000_000_000 + index * 7_919 + depth)
        let pictures = (0..<(index % 4)).map { picture -> JSON in
            [
                "thumbnail_pic": .string(
                    "http://ww\(1 + picture).sinaimg.cn/thumbnail/53b56d20jw1dhf6k\(index)p\(picture).jpg")
            ]
        }
        var status: [String: JSON] = [
            "created_at": .string(date(index + depth)),
            "id": .int(id),
            "idstr": .string(String(id)),
            "mid": .string(String(id + 1)),
            "text": .string(Self.texts[index % Self.texts.count]),
            "source": #"<a href="http://app.weibo.com/t/feed/5yiHuw" rel="nofollow">iPhone 15 Pro</a>"#,
            "favorited": .bool(index % 11 == 0),
            "truncated": false,
            "in_reply_to_status_id": "",
            "in_reply_to_user_id": "",
            "in_reply_to_screen_name": "",
            "pic_urls": .array(pictures),
            "reposts_count": .int(Int64(index % 97)),
            "comments_count": .int(Int64(index % 53)),
            "attitudes_count": .int(Int64(index % 301)),
            "mlevel": 0,
            "visible": ["type": .int(Int64(index % 3)), "list_id": 0],
            "annotations": [],
            "user": user(index &* 31 + depth),
            "is_paid": false,
            "biz_feature": .int(Int64(index * 13)),
        ]
        if let first = pictures.first {
            let thumbnail = first["thumbnail_pic"]?.stringValue ?? ""
            status["thumbnail_pic"] = .string(thumbnail)
            status["bmiddle_pic"] = .string(thumbnail.replacingOccurrences(of: "thumbnail", with: "bmiddle"))
            status["original_pic"] = .string(thumbnail.replacingOccurrences(of: "thumbnail", with: "large"))
        }
        status["geo"] =
            index % 5 == 0
            ? ["type": "Point", "coordinates": [.double(39.990528 + Double(index) / 1e4), 116.446389]] : .null
        if depth == 0, index % 3 == 0 {
            status["retweeted_status"] = self.status(index + 100_000, depth: 1)
        }
        return .object(status)
    }

    func user(_ seed: Int) -> JSON {
        let id = Int64(1_404_376_560 + seed)
        var user: [String: JSON] = [
            "id": .int(id), "idstr": .string(String(id)),
            "screen_name": .string("用户\(seed)"), "name": .string("用户\(seed)"),
            "province": "11", "city": "5", "location": "北京 朝阳区",
            "url": .string("http://blog.sina.com.cn/u\(seed)"),
            "profile_image_url": .string("http://tp1.sinaimg.cn/\(id)/50/0/1"),
            "profile_url": .string("u/\(id)"), "domain": .string("u\(seed)"), "weihao": "",
            "gender": seed % 2 == 0 ? "m" : "f",
            "followers_count": .int(Int64(seed % 10_000)), "friends_count": .int(Int64(seed % 500)),
            "statuses_count": .int(Int64(seed % 3_000)), "favourites_count": 0,
            "created_at": .string(date(seed)), "following": false, "allow_all_act_msg": false, "geo_enabled": true,
            "verified": .bool(seed % 7 == 0), "verified_type": -1, "remark": "", "allow_all_comment": true,
            "avatar_large": .string("http://tp1.sinaimg.cn/\(id)/180/0/1"),
            "avatar_hd": .string("http://tp1.sinaimg.cn/\(id)/1024/0/1"),
            "verified_reason": "", "follow_me": false, "online_status": 0, "bi_followers_count": 12, "lang": "zh-cn",
        ]
        if seed % 4 != 0 { user["description"] = "人生五十年，乃如梦如幻；有生斯有死，壮士复何憾。" }
        return .object(user)
    }
}

// MARK: - Hand-written Codable models of the same shape (what an app would write without XToolGen)

struct HStatus: Decodable {
    let id: Int64
    let idstr: String
    let text: String
    let createdAt: Date
    let source: String
    let favorited: Bool
    let truncated: Bool
    let user: HUser?
    let retweetedStatus: Box<HStatus>?
    let repostsCount: Int
    let commentsCount: Int
    let attitudesCount: Int
    let thumbnailPic: URL?
    let picURLs: [HPicture]
    let coordinates: [Double]?
    let visibility: Int?

    enum CodingKeys: String, CodingKey {
        case id, idstr, text, source, favorited, truncated, user, geo, visible
        case createdAt = "created_at"
        case retweetedStatus = "retweeted_status"
        case repostsCount = "reposts_count"
        case commentsCount = "comments_count"
        case attitudesCount = "attitudes_count"
        case thumbnailPic = "thumbnail_pic"
        case picURLs = "pic_urls"
    }

    private struct Geo: Decodable { let coordinates: [Double]? }
    private struct Visible: Decodable { let type: Int? }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        idstr = try c.decode(String.self, forKey: .idstr)
        text = try c.decode(String.self, forKey: .text)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? ""
        favorited = try c.decodeIfPresent(Bool.self, forKey: .favorited) ?? false
        truncated = try c.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        user = try c.decodeIfPresent(HUser.self, forKey: .user)
        retweetedStatus = try c.decodeIfPresent(Box<HStatus>.self, forKey: .retweetedStatus)
        repostsCount = try c.decodeIfPresent(Int.self, forKey: .repostsCount) ?? 0
        commentsCount = try c.decodeIfPresent(Int.self, forKey: .commentsCount) ?? 0
        attitudesCount = try c.decodeIfPresent(Int.self, forKey: .attitudesCount) ?? 0
        thumbnailPic = try c.decodeIfPresent(URL.self, forKey: .thumbnailPic)
        picURLs = try c.decodeIfPresent([HPicture].self, forKey: .picURLs) ?? []
        coordinates = try c.decodeIfPresent(Geo.self, forKey: .geo)?.coordinates
        visibility = try c.decodeIfPresent(Visible.self, forKey: .visible)?.type
    }
}

/// Breaks the recursion of `retweetedStatus` (what `Indirect` does in the generated model).
final class Box<Value: Decodable>: Decodable {
    let value: Value
    init(from decoder: any Decoder) throws { value = try Value(from: decoder) }
}

struct HUser: Decodable {
    let id: Int64
    let idstr: String
    let screenName: String
    let name: String
    let location: String?
    let description: String?
    let profileImageURL: URL?
    let followersCount: Int
    let friendsCount: Int
    let statusesCount: Int
    let verified: Bool

    enum CodingKeys: String, CodingKey {
        case id, idstr, name, location, description, verified
        case screenName = "screen_name"
        case profileImageURL = "profile_image_url"
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case statusesCount = "statuses_count"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        idstr = try c.decode(String.self, forKey: .idstr)
        screenName = try c.decode(String.self, forKey: .screenName)
        name = try c.decode(String.self, forKey: .name)
        location = try c.decodeIfPresent(String.self, forKey: .location)
        description = try c.decodeIfPresent(String.self, forKey: .description)
        profileImageURL = try c.decodeIfPresent(URL.self, forKey: .profileImageURL)
        followersCount = try c.decodeIfPresent(Int.self, forKey: .followersCount) ?? 0
        friendsCount = try c.decodeIfPresent(Int.self, forKey: .friendsCount) ?? 0
        statusesCount = try c.decodeIfPresent(Int.self, forKey: .statusesCount) ?? 0
        verified = try c.decodeIfPresent(Bool.self, forKey: .verified) ?? false
    }
}

struct HPicture: Decodable {
    let thumbnailPic: URL
    enum CodingKeys: String, CodingKey { case thumbnailPic = "thumbnail_pic" }
}

struct HTimeline: Decodable {
    let statuses: [HStatus]
}

struct HEnvelope: Decodable {
    let code: Int
    let data: HTimeline
}

/// The hand-written app's decoder: ISO 8601 dates, or Weibo's format through a `DateFormatter`.
func handWrittenDecoder(iso: Bool) -> JSONDecoder {
    let decoder = JSONDecoder()
    if iso {
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = Timeline.dateFormat
    decoder.dateDecodingStrategy = .formatted(formatter)
    return decoder
}
