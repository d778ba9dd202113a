/// Something a file can be encrypted to: age's `Recipient` interface.
///
/// A recipient wraps the file key into one or more stanzas of the age header; only the matching
/// ``FileKeyIdentity`` unwraps them. X25519 (``AgeRecipient``) and scrypt (``ScryptRecipient``)
/// conform; a new key backend (a cloud KMS, a hardware token, an age plugin) is one more
/// conforming type, in a target of its own, and ``AgeFile`` needs no change to write its files.
public protocol FileKeyRecipient: Sendable {
    /// The stanzas that carry `fileKey` for this recipient (normally one).
    ///
    /// - Throws: ``AgeError`` of kind ``AgeError/Kind/invalidRecipient`` when the recipient
    ///   cannot be encrypted to, ``AgeError/Kind/unusable`` for arguments that cannot work,
    ///   ``AgeError/Kind/unavailable`` when the backend fails.
    func wrap(_ fileKey: FileKey) throws(AgeError) -> [AgeStanza]

    /// age's `RecipientWithLabels`: every recipient of one file must have the same labels. A
    /// recipient that must be alone (a passphrase) returns a label no other recipient has.
    var labels: Set<String> { get }

    /// How reports name the recipient (`age1…`, `passphrase, scrypt work factor 18`); two
    /// recipients with the same name and labels are the same recipient, wrapped once.
    var displayName: String { get }

    /// The stanzas and the labels together, for a recipient that learns its labels only while
    /// it wraps (an age plugin declares them with `labels`); age's `WrapWithLabels`.
    /// ``AgeFile`` calls this, and checks the labels it returns as it checks ``labels``.
    ///
    /// - Throws: as ``wrap(_:)``.
    func wrapWithLabels(_ fileKey: FileKey) throws(AgeError) -> (stanzas: [AgeStanza], labels: Set<String>)

    /// The recipient as an X25519 public key, for what seals to one directly (envtool's v1
    /// recipient mode) and for sizing an age header before wrapping; `nil` (the default) for
    /// every other kind.
    var x25519: AgeRecipient? { get }

    /// The text a recipients list keeps for this recipient, because the stanzas it makes do not
    /// say whom they are for (an X25519 stanza names no one; an SSH stanza a 4-byte tag; a
    /// plugin's need not): `age1…`, a plugin's `age1<name>1…`, an SSH key line. `nil` (the
    /// default) for a recipient with no such text (a passphrase; a plugin recipient made from an
    /// identity, which the list check then refuses to drop).
    var listedName: String? { get }
}

extension FileKeyRecipient {
    /// No labels: the recipient may share a file with any other unlabelled recipient.
    public var labels: Set<String> { [] }

    /// ``wrap(_:)`` and ``labels``.
    public func wrapWithLabels(_ fileKey: FileKey) throws(AgeError) -> (stanzas: [AgeStanza], labels: Set<String>) {
        (try wrap(fileKey), labels)
    }

    /// Not an X25519 key.
    public var x25519: AgeRecipient? { nil }

    /// Nothing to list.
    public var listedName: String? { nil }
}
