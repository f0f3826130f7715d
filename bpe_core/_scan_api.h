/* What bpe_core._scan lends other compiled modules (bpe_core/_encode.c): its pattern scanners, through a capsule.
 *
 * A module that wants them imports bpe_core._scan and reads the capsule bpe_core._scan._api (PyCapsule_Import):
 *
 *   const ScanApi *api = PyCapsule_Import("bpe_core._scan._api", 0);
 *   ScanText t = {PyUnicode_KIND(text), PyUnicode_DATA(text), PyUnicode_GET_LENGTH(text)};
 *   Py_ssize_t end = api->patterns[0](&t, 0);   // the end of gpt2's first pre-token, or -1 if none matches
 *
 * The scanners read the class table, which _scan.set_classes() fills once (bpe_core.scanner does it): a caller checks
 * api->classes_ready() first. They read only the text and the table, so they run without the GIL.
 */
#ifndef BPE_SCAN_API_H
#define BPE_SCAN_API_H
#include <Python.h>

typedef struct {
    int kind;         /* PyUnicode_KIND of the text */
    const void *data; /* PyUnicode_DATA */
    Py_ssize_t n;     /* its length in code points */
} ScanText;

/* The end of the pre-token that starts at i (> i), or -1 where no alternative of the pattern matches. */
typedef Py_ssize_t (*ScanFunction)(const ScanText *, Py_ssize_t);

/* The starts of the pre-tokens of t[from:to] as bits (bit k: character from + k), where a pre-token starts at from
 * (_block_starts.h): where the bits end (to, or where the rest is left to the scanner, from at the least). */
typedef size_t (*BlockStartsFunction)(const ScanText *t, size_t from, size_t to, uint64_t *bits);

#define SCAN_API_VERSION 2

typedef struct {
    int version;                   /* SCAN_API_VERSION */
    int count;                     /* patterns: 0 gpt2, 1 cl100k, 2 o200k, 3 llama3, 4 qwen2, 5 deepseek_v3 */
    const ScanFunction *patterns;
    int (*classes_ready)(void);    /* 1 once set_classes() has given the table */
    /* by pattern, the starts found 64 characters at a time, or NULL (none for the pattern, or the class table
     * disagrees with their idea of ASCII): read once classes_ready() */
    const BlockStartsFunction *starts;
} ScanApi;

/* The scanners' API for a module that uses them (_encode, _count): bpe_core._scan imported first (its capsule is
 * found once the submodule is), its version checked. NULL with an ImportError set. */
static inline const ScanApi *import_scan_api(void) {
    PyObject *scan = PyImport_ImportModule("bpe_core._scan");
    if (!scan) return NULL;
    Py_DECREF(scan);
    const ScanApi *api = PyCapsule_Import("bpe_core._scan._api", 0);
    if (api && api->version != SCAN_API_VERSION) {
        PyErr_SetString(PyExc_ImportError, "bpe_core._scan is of another version: build both again");
        return NULL;
    }
    return api;
}

#endif
