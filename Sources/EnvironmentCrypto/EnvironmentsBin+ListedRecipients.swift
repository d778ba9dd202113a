extension EnvironmentsBin {
    /// The recipients list kept beside an age file, as its caller read it.
    ///
    /// An age header does not name its recipients (an X25519 stanza holds an ephemeral share
    /// only), so resealing a file "to the same recipients" needs the list that the CLI keeps as
    /// `FILE.recipients`. The policy asks for it only when it needs it, and checks it against the
    /// header (``Header/checkedRecipients(_:)``).
    public struct ListedRecipients: Sendable {
        /// The recipients listed (X25519 ``AgeRecipient``s and age plugin recipients,
        /// ``AgePluginRecipient``), or `nil` when there is no list.
        public let recipients: [any FileKeyRecipient]?
        /// Where the list is kept, for messages.
        public let path: String
        /// The encrypted file, for messages.
        public let file: String

        /// A list read from `path`, beside `file`.
        /// The MAC the list carries (`# envtool-mac: …`), when it is read for re-sealing.
        package let mac: String?
        /// Whether the list must be authenticated by the file key before anything is sealed to
        /// it (``Opened/authenticatedRecipients(_:)``): so for the lists envtool's commands read,
        /// not for lists a library caller builds.
        package let authenticates: Bool
        /// Whether the user confirmed the list as it is (`--trust-recipients`).
        package let confirmed: Bool

        public init(_ recipients: [any FileKeyRecipient]?, path: String, file: String) {
            self.init(recipients, path: path, file: file, mac: nil, authenticates: false, confirmed: false)
        }

        package init(_ recipients: [any FileKeyRecipient]?, path: String, file: String, mac: String?, authenticates: Bool, confirmed: Bool) {
            self.recipients = recipients
            self.path = path
            self.file = file
            self.mac = mac
            self.authenticates = authenticates
            self.confirmed = confirmed
        }
    }
}
