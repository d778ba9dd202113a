/// age's file key: 16 random bytes, one per file. The payload is encrypted under it and every
/// recipient stanza carries it wrapped, so a file opens with any one of its recipients' secrets.
///
/// The bytes live in zeroing memory and are `package`: a key backend wraps and unwraps them, an
/// app never sees them.
public struct FileKey: Sendable {
    package let bytes: SecretBytes

    package init(bytes: SecretBytes) {
        self.bytes = bytes
    }

    /// A fresh key from libsodium's CSPRNG (libsodium must be initialised).
    package static func generate() -> FileKey {
        FileKey(bytes: FileKeyWrapping.generateFileKey())
    }
}
