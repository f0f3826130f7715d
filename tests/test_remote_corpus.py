"""A corpus in a bucket (issue 24): ``bpe count`` and ``bpe train`` read ``s3://`` URIs and their globs through
pyarrow exactly as they read the same files on this disk. The bucket is a real S3 endpoint on this machine (moto's
server), so pyarrow's own S3 client is what is tested; nothing leaves the machine."""

import shutil
import socket

import pytest

from bpe_core.cli import main
from bpe_core.corpus.counts_file import read_counts
from bpe_core.corpus.locations import expand
from bpe_core.corpus.samples import corpus_path
from bpe_core.formats import load_json

pytest.importorskip("pyarrow")

ENGLISH = corpus_path("english-prose").read_text(encoding="utf-8")
CHINESE = corpus_path("chinese-prose").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def endpoint():
    """A local S3 (moto): imported here, not at collection, where each test process paid 0.8 s for it."""
    moto_server = pytest.importorskip("moto.server")
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def bucket(endpoint, monkeypatch, tmp_path):
    """A bucket ``corpus`` holding wiki/en/a.txt, wiki/en/b.txt and wiki/zh/c.txt, and the same files here."""
    for name, value in [("AWS_ACCESS_KEY_ID", "test"), ("AWS_SECRET_ACCESS_KEY", "test")]:
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ENDPOINT_URL", endpoint)
    s3 = pytest.importorskip("boto3").client("s3", endpoint_url=endpoint)
    s3.create_bucket(Bucket="corpus")
    files = {"wiki/en/a.txt": ENGLISH[:200_000], "wiki/en/b.txt": ENGLISH[200_000:400_000], "wiki/zh/c.txt": CHINESE}
    for key, text in files.items():
        s3.put_object(Bucket="corpus", Key=key, Body=text.encode("utf-8"))
        (tmp_path / key).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / key).write_text(text, encoding="utf-8")
    yield tmp_path
    for key in files:
        s3.delete_object(Bucket="corpus", Key=key)
    s3.delete_bucket(Bucket="corpus")
    shutil.rmtree(tmp_path / "wiki")


def test_uri_globs_match_within_one_level_like_local_globs(bucket):
    assert expand(["s3://corpus/wiki/en/*.txt"]) == ["s3://corpus/wiki/en/a.txt", "s3://corpus/wiki/en/b.txt"]
    every = [f"s3://corpus/wiki/{key}" for key in ("en/a.txt", "en/b.txt", "zh/c.txt")]
    assert expand(["s3://corpus/wiki/*/?.txt"]) == every
    assert expand(["s3://corpus/wiki/*.txt"]) == ["s3://corpus/wiki/*.txt"]  # nothing at that level: kept, refused
    local = sorted(str(p) for p in (bucket / "wiki").glob("*/?.txt"))
    assert expand([str(bucket / "wiki" / "*" / "?.txt")]) == local


def test_counting_a_bucket_equals_counting_the_same_files_here(bucket):
    common = ["--pattern", "o200k", "--processes", "2"]
    assert main(["count", "s3://corpus/wiki/*/*.txt", *common, "-o", str(bucket / "remote.parquet")]) == 0
    local_files = [str(bucket / "wiki" / k) for k in ("en/a.txt", "en/b.txt", "zh/c.txt")]
    assert main(["count", *local_files, *common, "-o", str(bucket / "local.parquet")]) == 0
    remote, local = read_counts([bucket / "remote.parquet"]), read_counts([bucket / "local.parquet"])
    assert remote.words == local.words and len(remote.words) > 10_000
    assert (remote.corpus_names, remote.corpus_bytes, remote.corpus_sha256) == (
        local.corpus_names,
        local.corpus_bytes,
        local.corpus_sha256,
    )


def test_training_on_a_bucket_equals_training_on_the_same_files_here(bucket):
    args = ["--vocab-size", "700", "--pattern", "gpt2"]
    assert main(["train", "s3://corpus/wiki/en/*.txt", *args, "-o", str(bucket / "remote.json")]) == 0
    local_files = [str(bucket / "wiki" / "en" / k) for k in ("a.txt", "b.txt")]
    assert main(["train", *local_files, *args, "-o", str(bucket / "local.json")]) == 0
    remote, local = load_json(bucket / "remote.json"), load_json(bucket / "local.json")
    assert remote.merges == local.merges and len(remote.merges) == 700 - 256
    assert remote.record.corpus_names == local.record.corpus_names == ["a.txt", "b.txt"]


@pytest.mark.parametrize(
    ("uri", "said"),
    [
        ("s3://corpus/wiki/en/missing.txt", "s3://corpus/wiki/en/missing.txt: no such file"),
        ("s3://corpus/wiki/en", "s3://corpus/wiki/en: is a folder, not a text file"),
        ("nosuchfs://host/file.txt", "nosuchfs://host/file.txt: cannot read: "),
    ],
)
def test_a_uri_that_cannot_be_read_is_said_in_one_line(bucket, capsys, uri, said):
    assert main(["count", uri, "-o", str(bucket / "c.parquet")]) == 1
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not (bucket / "c.parquet").exists()


def test_a_file_uri_reads_this_disk_through_pyarrow(bucket):
    path = bucket / "wiki" / "zh" / "c.txt"
    assert main(["count", path.as_uri(), "--processes", "1", "-o", str(bucket / "uri.parquet")]) == 0
    assert main(["count", str(path), "--processes", "1", "-o", str(bucket / "path.parquet")]) == 0
    assert read_counts([bucket / "uri.parquet"]).words == read_counts([bucket / "path.parquet"]).words


@pytest.mark.slow
def test_counting_a_bucket_on_ray_equals_counting_it_here(bucket):
    pytest.importorskip("ray")
    common = ["--pattern", "gpt2"]
    assert main(["count", "s3://corpus/wiki/*/*.txt", *common, "--ray", "-o", str(bucket / "ray.parquet")]) == 0
    assert main(["count", "s3://corpus/wiki/*/*.txt", *common, "-o", str(bucket / "here.parquet")]) == 0
    assert read_counts([bucket / "ray.parquet"]).words == read_counts([bucket / "here.parquet"]).words


# ----- a query after the key (hostile-inputs review, case 6) -----------------------------------------------------


@pytest.fixture
def nowhere_else(bucket, monkeypatch):
    """The default endpoint is a closed port on this machine: a request that ignores a URI's endpoint fails here,
    and none can reach AWS (no instance metadata, no config files, test credentials only)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    monkeypatch.setenv("AWS_ENDPOINT_URL", f"http://127.0.0.1:{closed}")
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    for name in ("AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE"):
        monkeypatch.setenv(name, str(bucket / "no-such-aws-file"))
    return f"http://127.0.0.1:{closed}"


def _query(endpoint: str) -> str:
    return f"endpoint_override={endpoint.removeprefix('http://')}&scheme=http"


def test_a_uri_with_endpoint_override_reads_from_that_endpoint(bucket, endpoint, nowhere_else):
    uri = f"s3://corpus/wiki/zh/c.txt?{_query(endpoint)}"
    assert expand([uri]) == [uri]  # its "?" starts the query, not a glob
    assert main(["count", uri, "--processes", "1", "-o", str(bucket / "uri.parquet")]) == 0
    local = str(bucket / "wiki" / "zh" / "c.txt")
    assert main(["count", local, "--processes", "1", "-o", str(bucket / "path.parquet")]) == 0
    remote, here = read_counts([bucket / "uri.parquet"]), read_counts([bucket / "path.parquet"])
    assert remote.words == here.words and remote.corpus_names == ("c.txt",)


def test_a_glob_with_a_query_matches_keys_and_each_file_keeps_the_query(bucket, endpoint, nowhere_else):
    query = _query(endpoint)
    every = [f"s3://corpus/wiki/{key}?{query}" for key in ("en/a.txt", "en/b.txt", "zh/c.txt")]
    assert expand([f"s3://corpus/wiki/*/?.txt?{query}"]) == every
    args = ["--vocab-size", "300", "--processes", "1", "-o", str(bucket / "t.json")]
    assert main(["train", f"s3://corpus/wiki/en/*.txt?{query}", *args]) == 0
    assert load_json(bucket / "t.json").record.corpus_names == ["a.txt", "b.txt"]


def test_errors_name_the_endpoint_contacted_and_an_unknown_option_is_refused(bucket, endpoint, nowhere_else, capsys):
    cases = [
        (f"s3://corpus/wiki/missing.txt?{_query(endpoint)}", f"no such file (cannot read it from {endpoint})"),
        ("s3://corpus/wiki/zh/c.txt", f"cannot read from {nowhere_else}: "),  # the default endpoint (closed)
        (f"s3://corpus/wiki/zh/c.txt?endpoint={endpoint}", "unknown option 'endpoint' after '?': an s3:// URI takes"),
    ]
    for uri, said in cases:
        assert main(["count", uri, "-o", str(bucket / "c.parquet")]) == 1
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert line.startswith(f"bpe: error: {uri}: ") and said in line, line
        assert not (bucket / "c.parquet").exists()


def test_training_from_counts_in_a_bucket_equals_training_from_them_here(bucket, endpoint):
    """``--counts`` takes URIs and globs as the corpus does: counts files in a bucket (a Parquet one and a
    TEXT<TAB>COUNT one, matched by one glob) train to the merges of the same files here."""
    s3 = pytest.importorskip("boto3").client("s3", endpoint_url=endpoint)
    common = ["--pattern", "o200k"]
    here = [bucket / "a-counts.parquet", bucket / "b-counts.tsv"]
    try:
        for text, counts in zip(("a.txt", "b.txt"), here):
            assert main(["count", str(bucket / "wiki" / "en" / text), *common, "-o", str(counts)]) == 0
            s3.put_object(Bucket="corpus", Key=f"counts/{counts.name}", Body=counts.read_bytes())
        args = ["--vocab-size", "600", *common]
        assert main(["train", "--counts", "s3://corpus/counts/*", *args, "-o", str(bucket / "remote.json")]) == 0
        assert main(["train", *[f"--counts={path}" for path in here], *args, "-o", str(bucket / "local.json")]) == 0
        assert load_json(bucket / "remote.json").merges == load_json(bucket / "local.json").merges
    finally:
        for counts in here:
            s3.delete_object(Bucket="corpus", Key=f"counts/{counts.name}")
