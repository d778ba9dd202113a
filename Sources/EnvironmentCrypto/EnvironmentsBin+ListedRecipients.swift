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
        public init(_ recipients: [any FileKeyRecipient]?, path: String, file: String) {
            self.recipients = recipients
            self.path = path
            self.file = file
        }
    }
}
