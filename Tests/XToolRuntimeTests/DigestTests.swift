import Testing

@testable import XToolRuntime

/// MD5, SHA-1, SHA-256 and their HMACs (`Digest`), against the published test vectors: RFC 1321's
/// test suite, FIPS 180's examples, RFC 2202's and RFC 4231's HMAC test cases. The few values no
/// standard publishes (padding lengths, key lengths, the empty string's SHA digests, MD5 of a
/// million "a") are Python's: `python3 -c 'import hashlib, hmac; …'` on this machine.
@Suite struct DigestTests {
    /// A message (and a key, for HMAC) and its expected digest in lower-case hexadecimal.
    struct Vector: Sendable, CustomTestStringConvertible {
        let source: String
        let digest: Digest
        var key: [UInt8] = []
        let message: [UInt8]
        let expected: String

        var testDescription: String { source }
    }

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static func repeated(_ byte: UInt8, _ count: Int) -> [UInt8] {
        [UInt8](repeating: byte, count: count)
    }

    // MARK: - Digests

    /// RFC 1321, appendix A.5 ("Test suite").
    static let md5Suite: [Vector] = [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ].map { Vector(source: "MD5 (\"\($0.0)\")", digest: .md5, message: ascii($0.0), expected: $0.1) }

    /// The 448-bit message of FIPS 180's examples (two blocks once padded).
    static let twoBlockMessage = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

    /// FIPS 180's SHA-1 examples ("abc", the 448-bit message); the empty string's is Python's.
    static let sha1Examples: [Vector] = [
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (twoBlockMessage, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
    ].map { Vector(source: "SHA-1 (\"\($0.0)\")", digest: .sha1, message: ascii($0.0), expected: $0.1) }

    /// FIPS 180's SHA-256 examples ("abc", the 448-bit message); the empty string's is Python's.
    static let sha256Examples: [Vector] = [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (twoBlockMessage, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ].map { Vector(source: "SHA-256 (\"\($0.0)\")", digest: .sha256, message: ascii($0.0), expected: $0.1) }

    @Test(arguments: DigestTests.md5Suite)
    func md5(_ vector: Vector) {
        #expect(hexText(vector.digest.hash(vector.message)) == vector.expected)
    }

    @Test(arguments: DigestTests.sha1Examples)
    func sha1(_ vector: Vector) {
        #expect(hexText(vector.digest.hash(vector.message)) == vector.expected)
    }

    @Test(arguments: DigestTests.sha256Examples)
    func sha256(_ vector: Vector) {
        #expect(hexText(vector.digest.hash(vector.message)) == vector.expected)
    }

    /// One million "a": FIPS 180's third example for SHA-1 and SHA-256; MD5's is Python's.
    @Test(arguments: [
        (Digest.sha1, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        (Digest.sha256, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        (Digest.md5, "7707d6ae4e027c70eea2a935c2296f21"),
    ])
    func oneMillionA(_ digest: Digest, expected: String) {
        #expect(hexText(digest.hash(Self.repeated(0x61, 1_000_000))) == expected)
    }

    /// Messages of 55, 56, 63 and 64 "a": at 55 bytes the padding's 0x80 and length still fit in
    /// the block, from 56 they spill into a second one. Expected values: Python's hashlib.
    static let paddingBoundaries: [Vector] = [
        (
            55, "ef1772b6dff9a122358552954ad0df65", "c1c8bbdc22796e28c0e15163d20899b65621d65a",
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"
        ),
        (
            56, "3b0c8ac703f828b04c6c197006d17218", "c2db330f6083854c99d4b5bfb6e8f29f201be699",
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"
        ),
        (
            63, "b06521f39153d618550606be297466d5", "03f09f5b158a7a8cdad920bddc29b81c18a551f5",
            "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"
        ),
        (
            64, "014842d480b571495a4a0363793f7367", "0098ba824b5c16427bd7a1122a5a442a25ec644d",
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
        ),
    ].flatMap { length, md5, sha1, sha256 in
        zip(Digest.allCases, [md5, sha1, sha256]).map { digest, expected in
            Vector(
                source: "\(digest) of \(length) a", digest: digest, message: repeated(0x61, length), expected: expected)
        }
    }

    @Test(arguments: DigestTests.paddingBoundaries)
    func paddingSpillsIntoASecondBlock(_ vector: Vector) {
        #expect(hexText(vector.digest.hash(vector.message)) == vector.expected)
    }

    @Test func digestLengthsAndBlockSize() {
        let lengths = Digest.allCases.map { $0.hash([]).count }
        #expect(lengths == [16, 20, 32])
        #expect(Digest.allCases.allSatisfy { $0.blockSize == 64 })
    }

    // MARK: - HMAC

    /// RFC 2202, section 2 ("Test Cases for HMAC-MD5"), cases 1 to 7.
    static let hmacMD5Cases: [Vector] = [
        Vector(
            source: "RFC 2202 HMAC-MD5 1", digest: .md5, key: repeated(0x0b, 16), message: ascii("Hi There"),
            expected: "9294727a3638bb1c13f48ef8158bfc9d"),
        Vector(
            source: "RFC 2202 HMAC-MD5 2", digest: .md5, key: ascii("Jefe"),
            message: ascii("what do ya want for nothing?"), expected: "750c783e6ab0b503eaa86e310a5db738"),
        Vector(
            source: "RFC 2202 HMAC-MD5 3", digest: .md5, key: repeated(0xaa, 16), message: repeated(0xdd, 50),
            expected: "56be34521d144c88dbb8c733f0e8b3f6"),
        Vector(
            source: "RFC 2202 HMAC-MD5 4", digest: .md5, key: Array(0x01...0x19), message: repeated(0xcd, 50),
            expected: "697eaf0aca3a3aea3a75164746ffaa79"),
        Vector(
            source: "RFC 2202 HMAC-MD5 5", digest: .md5, key: repeated(0x0c, 16),
            message: ascii("Test With Truncation"), expected: "56461ef2342edc00f9bab995690efd4c"),
        Vector(
            source: "RFC 2202 HMAC-MD5 6", digest: .md5, key: repeated(0xaa, 80),
            message: ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
            expected: "6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd"),
        Vector(
            source: "RFC 2202 HMAC-MD5 7", digest: .md5, key: repeated(0xaa, 80),
            message: ascii("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"),
            expected: "6f630fad67cda0ee1fb1f562db3aa53e"),
    ]

    /// RFC 2202, section 3 ("Test Cases for HMAC-SHA-1"), cases 1 to 7.
    static let hmacSHA1Cases: [Vector] = [
        Vector(
            source: "RFC 2202 HMAC-SHA-1 1", digest: .sha1, key: repeated(0x0b, 20), message: ascii("Hi There"),
            expected: "b617318655057264e28bc0b6fb378c8ef146be00"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 2", digest: .sha1, key: ascii("Jefe"),
            message: ascii("what do ya want for nothing?"), expected: "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 3", digest: .sha1, key: repeated(0xaa, 20), message: repeated(0xdd, 50),
            expected: "125d7342b9ac11cd91a39af48aa17b4f63f175d3"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 4", digest: .sha1, key: Array(0x01...0x19), message: repeated(0xcd, 50),
            expected: "4c9007f4026250c6bc8414f9bf50c86c2d7235da"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 5", digest: .sha1, key: repeated(0x0c, 20),
            message: ascii("Test With Truncation"), expected: "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 6", digest: .sha1, key: repeated(0xaa, 80),
            message: ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
            expected: "aa4ae5e15272d00e95705637ce8a3b55ed402112"),
        Vector(
            source: "RFC 2202 HMAC-SHA-1 7", digest: .sha1, key: repeated(0xaa, 80),
            message: ascii("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"),
            expected: "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"),
    ]

    /// RFC 4231, section 4 ("Test Vectors"), HMAC-SHA-256 of cases 1 to 4, 6 and 7 (case 5, whose
    /// output is truncated, has its own test).
    static let hmacSHA256Cases: [Vector] = [
        Vector(
            source: "RFC 4231 HMAC-SHA-256 1", digest: .sha256, key: repeated(0x0b, 20), message: ascii("Hi There"),
            expected: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Vector(
            source: "RFC 4231 HMAC-SHA-256 2", digest: .sha256, key: ascii("Jefe"),
            message: ascii("what do ya want for nothing?"),
            expected: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Vector(
            source: "RFC 4231 HMAC-SHA-256 3", digest: .sha256, key: repeated(0xaa, 20), message: repeated(0xdd, 50),
            expected: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Vector(
            source: "RFC 4231 HMAC-SHA-256 4", digest: .sha256, key: Array(0x01...0x19), message: repeated(0xcd, 50),
            expected: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Vector(
            source: "RFC 4231 HMAC-SHA-256 6", digest: .sha256, key: repeated(0xaa, 131),
            message: ascii("Test Using Larger Than Block-Size Key - Hash Key First"),
            expected: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Vector(
            source: "RFC 4231 HMAC-SHA-256 7", digest: .sha256, key: repeated(0xaa, 131),
            message: ascii(
                "This is a test using a larger than block-size key and a larger than block-size data. The key needs"
                    + " to be hashed before being used by the HMAC algorithm."),
            expected: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: DigestTests.hmacMD5Cases)
    func hmacMD5(_ vector: Vector) {
        #expect(hexText(vector.digest.hmac(key: vector.key, message: vector.message)) == vector.expected)
    }

    @Test(arguments: DigestTests.hmacSHA1Cases)
    func hmacSHA1(_ vector: Vector) {
        #expect(hexText(vector.digest.hmac(key: vector.key, message: vector.message)) == vector.expected)
    }

    @Test(arguments: DigestTests.hmacSHA256Cases)
    func hmacSHA256(_ vector: Vector) {
        #expect(hexText(vector.digest.hmac(key: vector.key, message: vector.message)) == vector.expected)
    }

    /// RFC 4231 case 5 publishes only the first 128 bits of the output.
    @Test func hmacSHA256TruncatedCase() {
        let mac = Digest.sha256.hmac(key: Self.repeated(0x0c, 20), message: Self.ascii("Test With Truncation"))
        #expect(mac.count == 32)
        #expect(hexText(Array(mac.prefix(16))) == "a3b6167473100ee06e0c796c2955552b")
    }

    /// A key of exactly the block size is used as it is; one byte longer, it is hashed first.
    /// Expected values: Python's `hmac.new(b"\x6b" * length, b"message", name).hexdigest()`.
    static let keyLengthBoundaries: [Vector] = [
        (
            64, "5b3e99b172f3c3b5aed9a324c65ba911", "0a0b7a314b101739c3557f6b5e1dd6ab55658970",
            "890f3a16e0ca0aaa3bf180f70fa8e3970b3fd6505e98fde157988dcc19d1685c"
        ),
        (
            65, "dc23d5d92d6f1feb3502b61d7102376b", "9e8b701143a82cdc059a72a86230df264354cdb0",
            "0c256505306af48015530c139bb7add5ad7a6a9291cd511278a067e765816fbd"
        ),
    ].flatMap { length, md5, sha1, sha256 in
        zip(Digest.allCases, [md5, sha1, sha256]).map { digest, expected in
            Vector(
                source: "HMAC-\(digest) under a \(length)-byte key", digest: digest, key: repeated(0x6b, length),
                message: ascii("message"), expected: expected)
        }
    }

    @Test(arguments: DigestTests.keyLengthBoundaries)
    func hmacKeyOfTheBlockSizeOrLonger(_ vector: Vector) {
        #expect(hexText(vector.digest.hmac(key: vector.key, message: vector.message)) == vector.expected)
    }

    /// RFC 2104: a key longer than the block is replaced by its digest.
    @Test(arguments: Digest.allCases)
    func aLongKeyActsAsItsDigest(_ digest: Digest) {
        let key = Self.repeated(0x5a, 100)
        let message = Self.ascii("nonce=1&timestamp=1700000000")
        #expect(digest.hmac(key: key, message: message) == digest.hmac(key: digest.hash(key), message: message))
    }

    // MARK: - Hexadecimal text

    @Test func hexTextWritesTwoDigitsAByte() {
        let bytes: [UInt8] = [0x00, 0x0f, 0xa5, 0xff, 0x10]
        #expect(hexText(bytes) == "000fa5ff10")
        #expect(hexText(bytes, uppercase: true) == "000FA5FF10")
        #expect(hexText([]).isEmpty)
    }
}
