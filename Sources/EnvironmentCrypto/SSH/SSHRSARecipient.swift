/// An `ssh-rsa` public key as an age recipient (age's `agessh.RSARecipient`): the file key
/// encrypted with RSA-OAEP-SHA-256 under the label `age-encryption.org/v1/ssh-rsa`
/// (`RSAOAEP`, through OpenSSL's libcrypto). Keys under 2048 bits are refused, as age refuses them.
public struct SSHRSARecipient: FileKeyRecipient, Hashable, CustomStringConvertible {
    /// The key's SSH wire encoding (`string "ssh-rsa"`, `mpint e`, `mpint n`).
    let wire: [UInt8]
    /// The public exponent and the modulus, big-endian without leading zeros.
    let exponent: [UInt8]
    let modulus: [UInt8]

    /// Parses the key's wire encoding (what a .pub line holds in base64).
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when it is malformed or under 2048 bits.
    init(wire: [UInt8], shown: String) throws(AgeError) {
        let parts: (e: [UInt8], n: [UInt8])? = wire.withUnsafeBytes { raw in
            var reader = SSHWireReader(raw)
            guard reader.string(equalTo: AgeSSH.rsaType), let e = reader.positiveInteger(), let n = reader.positiveInteger(), reader.isAtEnd else { return nil }
            return (Array(e), Array(n))
        }
        guard let parts, !parts.e.isEmpty, !parts.n.isEmpty else {
            throw AgeError(.invalidRecipient, "\(shown) is not a valid ssh-rsa key: its encoded key is truncated or malformed")
        }
        try self.init(wire: wire, exponent: parts.e, modulus: parts.n, shown: shown)
    }

    /// The recipient of the RSA key (`exponent`, `modulus`) whose wire encoding is `wire`.
    init(wire: [UInt8], exponent: [UInt8], modulus: [UInt8], shown: String) throws(AgeError) {
        guard modulus.count >= AgeSSH.minimumRSABytes else {
            throw AgeError(
                .invalidRecipient,
                "\(shown) is a \(Self.bits(modulus))-bit RSA key; age and envtool refuse RSA keys under 2048 bits: make a new key (`ssh-keygen -t ed25519`) or use an age recipient"
            )
        }
        self.wire = wire
        self.exponent = exponent
        self.modulus = modulus
    }

    /// Parses an `ssh-rsa AAAA… comment` line.
    ///
    /// - Throws: ``AgeError/Kind/invalidRecipient`` when it is not a valid `ssh-rsa` key of at
    ///   least 2048 bits.
    public init(_ line: String) throws(AgeError) {
        let (type, wire, shown) = try AgeSSH.publicKeyFields(line)
        guard type == AgeSSH.rsaType else { throw AgeError(.invalidRecipient, "\(shown) is not an ssh-rsa key") }
        try self.init(wire: wire, shown: shown)
    }

    /// The size of a big-endian magnitude without leading zeros, in bits.
    static func bits(_ magnitude: [UInt8]) -> Int {
        guard let first = magnitude.first else { return 0 }
        return (magnitude.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }

    /// The key as a recipients file holds it: `ssh-rsa AAAA…` without the comment.
    public var encoded: String { AgeSSH.line(type: AgeSSH.rsaType, wire: wire) }
    public var description: String { encoded }
    public var displayName: String { encoded }

    /// The key line: its stanza names it by a 4-byte tag only.
    public var listedName: String? { encoded }

    /// One `ssh-rsa` stanza: `-> ssh-rsa TAG` and the file key under RSA-OAEP.
    ///
    /// - Throws: ``AgeError/Kind/unavailable`` when libcrypto cannot be loaded or fails.
    public func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza] {
        let body = try fileKey.bytes.withUnsafeBytes { (plain) throws(AgeError) in
            try RSAOAEP.encrypt(modulus: modulus, exponent: exponent, plain, label: AgeSSH.rsaLabel)
        }
        return [AgeStanza(arguments: [AgeSSH.rsaType, AgeSSH.tag(of: wire)], body: body)]
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wire == rhs.wire }
    public func hash(into hasher: inout Hasher) { hasher.combine(wire) }
}
