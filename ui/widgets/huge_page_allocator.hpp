#pragma once
// An allocator for the few big buffers the GUI thread fills at once (the attention matrix of a
// long context: 3-6 MB). Fresh memory costs a page fault per 4 KB page when first written,
// and on a virtual machine those are slow: writing a new 4 MB buffer took 12-14 ms here,
// a frame on its own, against 0.4-0.8 ms when the kernel backs it with 2 MB pages
// (transparent huge pages, asked for with madvise; without THP it is an ordinary buffer).
// Small buffers go to operator new as usual.
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <new>

namespace ts::ui {

template <class T>
struct HugePageAllocator {
    using value_type = T;
    static constexpr std::size_t kHugePage = std::size_t{2} << 20;
    static constexpr std::size_t kFrom = std::size_t{1} << 20;  // smaller buffers: operator new

    HugePageAllocator() = default;
    template <class U>
    HugePageAllocator(const HugePageAllocator<U>&) {}

    T* allocate(std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kFrom) return static_cast<T*>(::operator new(bytes));
        // A mapping of its own, aligned to 2 MB: memory reused from malloc's heap may be
        // partly mapped with small pages already, and then the kernel keeps small pages.
        const std::size_t rounded = roundUp(bytes);
        void* raw = mmap(nullptr, rounded + kHugePage, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        const auto start = reinterpret_cast<std::uintptr_t>(raw);
        const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
        if (aligned > start) munmap(raw, aligned - start);
        const std::size_t tail = start + rounded + kHugePage - (aligned + rounded);
        if (tail > 0) munmap(reinterpret_cast<void*>(aligned + rounded), tail);
        void* p = reinterpret_cast<void*>(aligned);
        madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without THP the pages stay small
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) {
        const std::size_t bytes = n * sizeof(T);
        if (bytes < kFrom)
            ::operator delete(p);
        else
            munmap(p, roundUp(bytes));
    }
    static std::size_t roundUp(std::size_t bytes) {
        return (bytes + kHugePage - 1) / kHugePage * kHugePage;
    }
    template <class U>
    bool operator==(const HugePageAllocator<U>&) const {
        return true;
    }
};

}  // namespace ts::ui
