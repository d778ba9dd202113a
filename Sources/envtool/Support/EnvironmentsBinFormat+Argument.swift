import ArgumentParser
import EnvironmentCrypto

/// `--to age` / `--to v1`.
extension EnvironmentsBin.Format: ExpressibleByArgument {}
