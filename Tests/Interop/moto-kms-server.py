"""moto's KMS server, for age-plugin-awskms's tests (Tests/AWSKMSTests/MotoKMSTests.swift).

Usage: moto-kms-server.py PORT  (listens on 127.0.0.1:PORT until killed)

moto 5 keeps a key's state (DisableKey, ScheduleKeyDeletion) but still encrypts and decrypts
with a disabled key; AWS refuses with DisabledException, or KMSInvalidStateException for a key
pending deletion. This adds that one behaviour, so the tests see the errors AWS gives.
"""
import sys

from moto.core.exceptions import JsonRESTError
from moto.kms.models import KmsBackend
from moto.server import main


def refuse_unusable(key):
    if key.key_state == "Disabled":
        raise JsonRESTError("DisabledException", f"{key.arn} is disabled.")
    if key.key_state == "PendingDeletion":
        raise JsonRESTError("KMSInvalidStateException", f"{key.arn} is pending deletion.")


original_encrypt = KmsBackend.encrypt
original_decrypt = KmsBackend.decrypt


def encrypt(self, key_id, plaintext, encryption_context):
    refuse_unusable(self.keys[self.any_id_to_key_id(key_id)])
    return original_encrypt(self, key_id, plaintext, encryption_context)


def decrypt(self, ciphertext_blob, encryption_context, key_id=None):
    plaintext, arn = original_decrypt(self, ciphertext_blob, encryption_context, key_id)
    refuse_unusable(next(key for key in self.keys.values() if key.arn == arn))
    return plaintext, arn


KmsBackend.encrypt = encrypt
KmsBackend.decrypt = decrypt

if __name__ == "__main__":
    main(["-H", "127.0.0.1", "-p", sys.argv[1]])
