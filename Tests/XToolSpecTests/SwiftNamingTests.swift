import Testing
import XToolSpec

@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("since_id", "sinceID"), ("h5_url", "h5URL"), ("ID", "id"), ("adId", "adID"),
        ("total_count", "totalCount"), ("Image", "image"), ("geo.coordinates", "coordinates"),
        ("weather.0", "weather"), ("weather.0.description", "description"),
        ("2fa", "_2fa"), ("screen-name", "screenName"), ("profile image url", "profileImageURL"),
        ("user_json_api", "userJSONAPI"), ("idstr", "idstr"), ("feedId", "feedID"),
        ("HTTP2Server", "http2Server"), ("__private", "private"), ("名前", "名前"),
        ("media_ids", "mediaIDs"), ("image_urls", "imageURLs"), ("pic_urls", "picURLs"), ("mediaIds", "mediaIDs"),
        ("picURLs", "picURLs"), ("urls", "urls"), ("ids", "ids"), ("IDs", "ids"), ("https_only", "httpsOnly"),
        ("use_https", "useHTTPS"), ("cloneFlowByIDAsCloneJSON", "cloneFlowByIDAsCloneJSON"),
        ("status_ids_list", "statusIDsList"), ("uses", "uses"), ("is_ids", "isIDs"),
    ])
    func memberNames(wire: String, swift: String) {
        #expect(SwiftNaming.memberName(wire) == swift)
    }

    @Test(arguments: [
        ("visibility", "Visibility"), ("url_kind", "URLKind"), ("deal", "Deal"), ("home_screen", "HomeScreen"),
        ("status", "Status"), ("3d_model", "_3dModel"), ("url_list", "URLList"), ("ids", "IDs"),
        ("image_urls", "ImageURLs"), ("apis", "APIs"),
        // A run of capitals before a word is a word of its own (issue 29: `FloatingIPActions`
        // was `FloatingIpactions`); a plural initialism stays one.
        ("FloatingIPActions", "FloatingIPActions"), ("HTTPServer", "HTTPServer"), ("URLs", "URLs"),
        ("ImageURLs", "ImageURLs"),
    ])
    func typeNames(wire: String, swift: String) {
        #expect(SwiftNaming.typeName(wire) == swift)
    }

    @Test(arguments: [
        ("pets", "pet"), ("entries", "entry"), ("statuses", "status"), ("boxes", "box"), ("news", "new"),
        ("children", "child"), ("Children", "Child"), ("grandchildren", "grandchild"), ("people", "person"),
        ("salesPeople", "salesPerson"), ("status", "status"), ("analysis", "analysis"),
    ])
    func theSingularOfAPlural(_ plural: String, _ singular: String) {
        #expect(SwiftNaming.singular(plural) == singular)
    }

    @Test func namesWithNothingToDeriveFromAreNil() {
        #expect(SwiftNaming.memberName("🔥") == nil)
        #expect(SwiftNaming.memberName("__") == nil)
    }

    @Test func keywordsAreBackQuotedAndUnusableNamesGetAnUnderscore() {
        #expect(SwiftNaming.memberIdentifier("default") == "`default`")
        #expect(SwiftNaming.memberIdentifier("private") == "`private`")
        #expect(SwiftNaming.memberIdentifier("self") == "_self")
        #expect(SwiftNaming.memberIdentifier("count") == "count")
        #expect(SwiftNaming.nestedTypeIdentifier("Type") == "Type_")
        #expect(SwiftNaming.nestedTypeIdentifier("Protocol") == "Protocol_")
        #expect(SwiftNaming.nestedTypeIdentifier("Visibility") == "Visibility")
    }

    @Test func identifiersAreCheckedAsWritten() {
        #expect(SwiftNaming.isIdentifier("accessToken"))
        #expect(SwiftNaming.isIdentifier("_x1"))
        #expect(!SwiftNaming.isIdentifier("1x"))
        #expect(!SwiftNaming.isIdentifier("access-token"))
        #expect(!SwiftNaming.isIdentifier(""))
    }

    /// A schema file's name gives its schema's: the last dotted part that names it (issue 41).
    @Test(arguments: [
        ("com.example.store.data.Pet.yaml", "Pet"), ("Pet.yaml", "Pet"), ("droplet.yml", "droplet"),
        ("pet.schema.json", "pet"), ("Pet.v2.yaml", "Pet"), ("com.example.PetKind.YAML", "PetKind"),
        ("flows_{flowID}#clone.yaml", "flows_{flowID}#clone"), ("README", "README"),
    ])
    func schemaFilesNameTheirSchemas(fileName: String, name: String) {
        #expect(SwiftNaming.schemaName(fileName: fileName) == name)
    }
}
