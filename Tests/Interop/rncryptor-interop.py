"""Writes and reads RNCryptor v3 files with PyPI's `rncryptor` (RNCryptor's Python implementation,
on pycryptodome), for envtool's interop tests (Tests/EnvtoolCLITests/RNCryptorCommandTests.swift).

    python rncryptor-interop.py encrypt|decrypt INPUT OUTPUT
        the password in the environment variable RNCRYPTOR_PASSWORD, as bytes: the test passes
        the UTF-8 bytes envtool is given, and RNCryptor passes a password's UTF-8 bytes
    python rncryptor-interop.py encrypt-keys|decrypt-keys KEYFILE INPUT OUTPUT
        the two keys in KEYFILE (mode 0600): two lines of hex, the encryption key first

No secret is ever an argument. The password mode is the package's own API (`rncryptor.encrypt`,
`rncryptor.decrypt`); the package has no key mode, so that one is its cipher, HMAC and padding
methods (`_aes_encrypt`, `_hmac`, `pre_encrypt_data`) put in the spec's layout here.
Exit status 0 on success, 1 with the library's error on stderr.
"""

import os
import sys

import rncryptor


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def write(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def keys(path):
    lines = [line.strip() for line in read(path).decode("ascii").splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    return bytes.fromhex(lines[0]), bytes.fromhex(lines[1])


class KeyCryptor(rncryptor.RNCryptor):
    """The spec's key-based mode on the package's primitives."""

    def encrypt_with_keys(self, data, encryption_key, hmac_key):
        padded = self.pre_encrypt_data(data)
        iv = self.iv
        message = b"\x03\x00" + iv + self._aes_encrypt(encryption_key, iv, padded)
        return message + self._hmac(hmac_key, message)

    def decrypt_with_keys(self, data, encryption_key, hmac_key):
        if data[:2] != b"\x03\x00":
            raise rncryptor.DecryptionError("not an RNCryptor v3 key-based message")
        message, tag = data[:-32], data[-32:]
        if not rncryptor.compare_in_constant_time(self._hmac(hmac_key, message), tag):
            raise rncryptor.DecryptionError("Bad data")
        padded = self._aes_decrypt(encryption_key, data[2:18], data[18:-32])
        return padded[: -padded[-1]]


def main(arguments):
    command = arguments[0]
    if command in ("encrypt", "decrypt"):
        password = os.environb[b"RNCRYPTOR_PASSWORD"]
        source, destination = arguments[1:3]
        if command == "encrypt":
            write(destination, rncryptor.encrypt(read(source), password))
        else:
            # The package returns text (it decodes the plaintext as UTF-8).
            write(destination, rncryptor.decrypt(read(source), password).encode("utf-8"))
    elif command in ("encrypt-keys", "decrypt-keys"):
        encryption_key, hmac_key = keys(arguments[1])
        source, destination = arguments[2:4]
        cryptor = KeyCryptor()
        if command == "encrypt-keys":
            write(destination, cryptor.encrypt_with_keys(read(source), encryption_key, hmac_key))
        else:
            write(destination, cryptor.decrypt_with_keys(read(source), encryption_key, hmac_key))
    else:
        raise SystemExit("unknown command " + command)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except rncryptor.RNCryptorError as error:
        print("rncryptor: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        sys.exit(1)
