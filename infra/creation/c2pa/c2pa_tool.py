"""C2PA manifests for generated songs, through c2pa-python (the Content Authenticity Initiative's
bindings of c2pa-rs). Node runs this script with execFile; every input arrives as an argument or a
file, and every answer is one JSON object on stdout. Commands:

  check                     the c2pa library's version (exit 3 when c2pa-python is not installed)
  make-signer               a new local CA and an ES256 leaf certificate it issued, as one PEM bundle
                            (private key, leaf, CA); the CA's own key is thrown away, so the CA can
                            issue nothing else
  sign MANIFEST_JSON SIGNER_PEM IN OUT FORMAT [IN OUT FORMAT ...]
                            embeds the manifest, signed with the bundle's key and chain, in a copy of
                            each IN written to its OUT (one run for several files: loading the
                            library is most of the time)
  read IN FORMAT            the file's manifest store and its validation state
"""
import datetime
import json
import os
import sys

MISSING = 3


def fail(message, code=1):
    print(json.dumps({"error": message}))
    sys.exit(code)


try:
    import c2pa
except ImportError:
    fail("c2pa-python is not installed (pip install c2pa-python)", MISSING)


def check():
    print(json.dumps({"c2pa": c2pa.sdk_version()}))


def make_signer():
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    def name(common_name):
        return x509.Name([
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "GOOSE (this server, not a public trust list)"),
        ])

    now = datetime.datetime.now(datetime.timezone.utc)
    lifetime = datetime.timedelta(days=3650)
    # c2pa-rs refuses a self-signed signing certificate, so a local CA issues the leaf.
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = name("GOOSE local C2PA CA")
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + lifetime)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    leaf_key = ec.generate_private_key(ec.SECP256R1())
    leaf = (
        x509.CertificateBuilder()
        .subject_name(name("GOOSE C2PA signer"))
        .issuer_name(ca_name)
        .public_key(leaf_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + lifetime)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(leaf_key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = (
        leaf_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        + leaf.public_bytes(serialization.Encoding.PEM)
        + ca.public_bytes(serialization.Encoding.PEM)
    ).decode("ascii")
    print(json.dumps({"pem": pem}))


def split_bundle(path):
    with open(path, "r", encoding="ascii") as handle:
        text = handle.read()
    end_key = "-----END PRIVATE KEY-----"
    if end_key not in text:
        fail("the C2PA signer file holds no private key")
    key, chain = text.split(end_key, 1)
    return key + end_key + "\n", chain.strip() + "\n"


def sign(manifest_path, signer_path, *files):
    if len(files) == 0 or len(files) % 3 != 0:
        fail("sign takes IN OUT FORMAT triples", 2)
    with open(manifest_path, "r", encoding="utf-8") as handle:
        manifest = json.load(handle)
    key, chain = split_bundle(signer_path)
    signed = []
    for at in range(0, len(files), 3):
        source, target, media_type = files[at : at + 3]
        signer = c2pa.Signer.from_info(c2pa.C2paSignerInfo(c2pa.C2paSigningAlg.ES256, chain.encode("ascii"), key.encode("ascii"), None))
        # A Builder signs once; the title names the file the manifest is in.
        builder = c2pa.Builder({**manifest, "title": os.path.basename(source), "format": media_type})
        with open(source, "rb") as src, open(target, "w+b") as dst:
            builder.sign(signer, media_type, src, dst)
        signed.append(target)
    print(json.dumps({"signed": signed}))


def read(source, media_type):
    with open(source, "rb") as src:
        reader = c2pa.Reader(media_type, src)
        store = json.loads(reader.json())
        state = reader.get_validation_state()
    print(json.dumps({"store": store, "validationState": state}))


def main(argv):
    commands = {"check": (check, 0), "make-signer": (make_signer, 0), "sign": (sign, None), "read": (read, 2)}
    if len(argv) < 1 or argv[0] not in commands:
        fail("usage: c2pa_tool.py check | make-signer | sign MANIFEST SIGNER IN OUT FORMAT... | read IN FORMAT", 2)
    command, arity = commands[argv[0]]
    if arity is not None and len(argv) - 1 != arity:
        fail(f"{argv[0]} takes {arity} arguments", 2)
    try:
        command(*argv[1:])
    except c2pa.C2paError as error:
        fail(f"c2pa: {error}")
    except (OSError, ValueError) as error:
        fail(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    main(sys.argv[1:])
