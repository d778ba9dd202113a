/// libsodium's one initialisation (``Sodium``), reported as an ``AgeError``.
enum AgeSodium {
    static func ready() throws(AgeError) {
        do {
            try Sodium.ensureInitialized()
        } catch {
            throw AgeError(.unavailable, error.message)
        }
    }
}
