/// A message digest the runtime computes itself (the same on every platform): what an API's
/// signing recipe asks for, such as `MD5(secret + name1value1… + secret)` or HMAC-SHA256.
/// Not for passwords or new protocols: MD5 and SHA-1 are broken as collision-resistant hashes.
enum Digest: Sendable, Hashable, CaseIterable {
    /// MD5 (RFC 1321): 16 bytes.
    case md5
    /// SHA-1 (FIPS 180-4): 20 bytes.
    case sha1
    /// SHA-256 (FIPS 180-4): 32 bytes.
    case sha256
}

extension Digest {
    /// The size in bytes of the blocks the digest reads, which HMAC pads its key to.
    var blockSize: Int { 64 }

    /// The digest of `bytes`.
    func hash(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .md5: return md5Digest(bytes)
        case .sha1: return sha1Digest(bytes)
        case .sha256: return sha256Digest(bytes)
        }
    }

    /// HMAC (RFC 2104) of `message` under `key` with this digest: a key longer than the block is
    /// hashed first, then the key is padded with zeros to the block size;
    /// `H((K ^ opad) + H((K ^ ipad) + message))`.
    func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > blockSize ? hash(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5c } + inner)
    }
}

/// `bytes` as hexadecimal text, two digits a byte: lower case (`"9e107d9d"`) or upper case.
func hexText(_ bytes: [UInt8], uppercase: Bool = false) -> String {
    let digits = Array((uppercase ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}

// MARK: - Shared parts

/// `message` padded to a whole number of 64-byte blocks, as all three digests pad it: a 1 bit,
/// zeros, then the message's length in bits as 64 bits (modulo 2^64), little-endian for MD5 and
/// big-endian for SHA.
private func padded(_ message: [UInt8], bigEndian: Bool) -> [UInt8] {
    var bytes = message
    bytes.append(0x80)
    let zeros = (56 - bytes.count % 64 + 64) % 64
    bytes += [UInt8](repeating: 0, count: zeros)
    let bitCount = UInt64(truncatingIfNeeded: message.count) &* 8
    let shifts = bigEndian ? Array(stride(from: 56, through: 0, by: -8)) : Array(stride(from: 0, through: 56, by: 8))
    for shift in shifts {
        bytes.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift)))
    }
    return bytes
}

/// The 16 32-bit words of the 64-byte block at `start` of `bytes`.
private func words(_ bytes: [UInt8], at start: Int, bigEndian: Bool) -> [UInt32] {
    (0..<16).map { index in
        let offset = start + index * 4
        let word = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return bigEndian ? word : word.byteSwapped
    }
}

/// The bytes of `words`, each word big-endian (SHA) or little-endian (MD5).
private func bytes(of words: [UInt32], bigEndian: Bool) -> [UInt8] {
    words.flatMap { word in
        let ordered = bigEndian ? word.bigEndian : word.littleEndian
        return withUnsafeBytes(of: ordered) { Array($0) }
    }
}

/// `x` rotated left by `count` bits.
private func rotateLeft(_ x: UInt32, by count: UInt32) -> UInt32 {
    x &<< count | x &>> (32 &- count)
}

/// `x` rotated right by `count` bits.
private func rotateRight(_ x: UInt32, by count: UInt32) -> UInt32 {
    x &>> count | x &<< (32 &- count)
}

// MARK: - MD5 (RFC 1321)

/// RFC 1321's table T: `T[i]` is the integer part of `2^32 * abs(sin(i + 1))`.
private let md5Sines: [UInt32] = [
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
    0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
    0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
    0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
    0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
    0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
    0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
]

/// The left rotations of MD5's four rounds, four to a round (each used for every fourth step).
private let md5Shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

private func md5Digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476]
    let blocks = padded(message, bigEndian: false)
    for start in stride(from: 0, to: blocks.count, by: 64) {
        let x = words(blocks, at: start, bigEndian: false)
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        for step in 0..<64 {
            let round = step / 16
            let mixed: UInt32
            let index: Int
            switch round {
            case 0: (mixed, index) = (b & c | ~b & d, step)
            case 1: (mixed, index) = (b & d | c & ~d, (5 * step + 1) % 16)
            case 2: (mixed, index) = (b ^ c ^ d, (3 * step + 5) % 16)
            default: (mixed, index) = (c ^ (b | ~d), 7 * step % 16)
            }
            let sum = a &+ mixed &+ md5Sines[step] &+ x[index]
            (a, b, c, d) = (d, b &+ rotateLeft(sum, by: md5Shifts[round * 4 + step % 4]), b, c)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
    }
    return bytes(of: state, bigEndian: false)
}

// MARK: - SHA-1 (FIPS 180-4, 6.1)

private func sha1Digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0]
    let blocks = padded(message, bigEndian: true)
    for start in stride(from: 0, to: blocks.count, by: 64) {
        var w = words(blocks, at: start, bigEndian: true)
        for t in 16..<80 {
            w.append(rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], by: 1))
        }
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for t in 0..<80 {
            let f: UInt32
            let k: UInt32
            switch t {
            case 0..<20: (f, k) = (b & c | ~b & d, 0x5a82_7999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ed9_eba1)
            case 40..<60: (f, k) = (b & c | b & d | c & d, 0x8f1b_bcdc)
            default: (f, k) = (b ^ c ^ d, 0xca62_c1d6)
            }
            let temp = rotateLeft(a, by: 5) &+ f &+ e &+ k &+ w[t]
            (a, b, c, d, e) = (temp, a, rotateLeft(b, by: 30), c, d)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }
    return bytes(of: state, bigEndian: true)
}

// MARK: - SHA-256 (FIPS 180-4, 6.2)

/// FIPS 180-4's constants K: the first 32 bits of the fractional parts of the cube roots of the
/// first 64 primes.
private let sha256Constants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
]

private func sha256Digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    let blocks = padded(message, bigEndian: true)
    for start in stride(from: 0, to: blocks.count, by: 64) {
        var w = words(blocks, at: start, bigEndian: true)
        for t in 16..<64 {
            let s0 = rotateRight(w[t - 15], by: 7) ^ rotateRight(w[t - 15], by: 18) ^ w[t - 15] >> 3
            let s1 = rotateRight(w[t - 2], by: 17) ^ rotateRight(w[t - 2], by: 19) ^ w[t - 2] >> 10
            w.append(s1 &+ w[t - 7] &+ s0 &+ w[t - 16])
        }
        var (a, b, c, d) = (state[0], state[1], state[2], state[3])
        var (e, f, g, h) = (state[4], state[5], state[6], state[7])
        for t in 0..<64 {
            let sum1 = rotateRight(e, by: 6) ^ rotateRight(e, by: 11) ^ rotateRight(e, by: 25)
            let choice = e & f ^ ~e & g
            let temp1 = h &+ sum1 &+ choice &+ sha256Constants[t] &+ w[t]
            let sum0 = rotateRight(a, by: 2) ^ rotateRight(a, by: 13) ^ rotateRight(a, by: 22)
            let majority = a & b ^ a & c ^ b & c
            let temp2 = sum0 &+ majority
            (h, g, f, e) = (g, f, e, d &+ temp1)
            (d, c, b, a) = (c, b, a, temp1 &+ temp2)
        }
        for (index, value) in [a, b, c, d, e, f, g, h].enumerated() {
            state[index] &+= value
        }
    }
    return bytes(of: state, bigEndian: true)
}
