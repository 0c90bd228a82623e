/* Output buffers for the allocating form of execute (include/pydml.h: pydml_buffer_acquire).
 *
 * A fresh multi-megabyte array costs more than many kernels: the kernel zeroes and maps every
 * page on first touch. Buffers of 1 MiB and more are therefore 2 MiB aligned with transparent huge
 * pages requested (one fault per 2 MiB instead of per 4 KiB), and a released buffer is kept for
 * the next acquire of a similar size, so a loop of allocating executions touches warm memory. */
/* madvise and MADV_HUGEPAGE are not in strict C11 (-std=c11): without this, the #if below was
 * silently false and pooled buffers got 4 KiB pages -- RESAMPLE_GRAD1 into them ran 1.4x slower
 * than into numpy's arrays (which numpy itself advises to huge pages). */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "pydml.h"

#define HEADER 64u                      /* keeps the user pointer 64-byte aligned */
#define POOL_MIN ((uint64_t)1 << 20)    /* smaller buffers come from malloc and are freed */
#define HUGE_PAGE ((uint64_t)2 << 20)
#define POOL_SLOTS 16
#define POOL_MAX_BYTES ((uint64_t)1 << 30)
#define MAGIC 0x7079646d6c627566ull     /* "pydmlbuf" */

typedef struct header {
    uint64_t magic;
    uint64_t capacity;                  /* bytes after the header */
    uint64_t pooled;
} header;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static header* g_cache[POOL_SLOTS];
static uint32_t g_cached_count;
static uint64_t g_cached_bytes;

static uint64_t round_up(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

void* pydml_buffer_acquire(uint64_t bytes) {
    if (bytes == 0) bytes = 1;
    if (bytes > UINT64_MAX / 2) return NULL;
    if (bytes < POOL_MIN) {
        header* h = aligned_alloc(HEADER, round_up(bytes + HEADER, HEADER));
        if (h == NULL) return NULL;
        h->magic = MAGIC;
        h->capacity = round_up(bytes + HEADER, HEADER) - HEADER;
        h->pooled = 0;
        return (char*)h + HEADER;
    }
    /* best fit among released buffers, wasting at most half */
    header* found = NULL;
    pthread_mutex_lock(&g_lock);
    uint32_t best = POOL_SLOTS;
    for (uint32_t i = 0; i < g_cached_count; i++) {
        uint64_t c = g_cache[i]->capacity;
        if (c >= bytes && c - bytes <= bytes / 2 + HUGE_PAGE && (best == POOL_SLOTS || c < g_cache[best]->capacity))
            best = i;
    }
    if (best != POOL_SLOTS) {
        found = g_cache[best];
        g_cache[best] = g_cache[--g_cached_count];
        g_cached_bytes -= found->capacity + HEADER;
    }
    pthread_mutex_unlock(&g_lock);
    if (found) return (char*)found + HEADER;
    uint64_t total = round_up(bytes + HEADER, HUGE_PAGE);
    header* h = aligned_alloc(HUGE_PAGE, total);
    if (h == NULL) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(h, total, MADV_HUGEPAGE); /* a hint: ignored where THP is off */
#endif
    h->magic = MAGIC;
    h->capacity = total - HEADER;
    h->pooled = 1;
    return (char*)h + HEADER;
}

void pydml_buffer_release(void* buffer) {
    if (buffer == NULL) return;
    header* h = (header*)((char*)buffer - HEADER);
    if (h->magic != MAGIC) return; /* not ours: never free what we did not allocate */
    if (h->pooled) {
        pthread_mutex_lock(&g_lock);
        uint64_t size = h->capacity + HEADER;
        int kept = 0;
        if (g_cached_count < POOL_SLOTS && g_cached_bytes + size <= POOL_MAX_BYTES) {
            g_cache[g_cached_count++] = h;
            g_cached_bytes += size;
            kept = 1;
        }
        pthread_mutex_unlock(&g_lock);
        if (kept) return;
    }
    h->magic = 0;
    free(h);
}

void pydml_buffer_pool_trim(void) {
    pthread_mutex_lock(&g_lock);
    while (g_cached_count) {
        header* h = g_cache[--g_cached_count];
        h->magic = 0;
        free(h);
    }
    g_cached_bytes = 0;
    pthread_mutex_unlock(&g_lock);
}
