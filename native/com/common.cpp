/* Registry, reference counting, private data and messages of every libdirectml.so object (com.h). */
#include "com.h"

#include <cstdio>
#include <deque>
#include <unordered_map>

namespace pydml_com {

namespace {

std::mutex& registry_lock() {
    static std::mutex lock;
    return lock;
}

std::unordered_map<const void*, Tracked*>& registry() {
    static auto* map = new std::unordered_map<const void*, Tracked*>();  // never destroyed: used at exit
    return *map;
}

/* Released shells kept readable; the oldest is freed when there are more. */
constexpr size_t kGraveyard = 4096;

std::mutex& graveyard_lock() {
    static std::mutex lock;
    return lock;
}

std::deque<Tracked*>& graveyard() {
    static auto* shells = new std::deque<Tracked*>();
    return *shells;
}

}  // namespace

void RegisterObject(const void* iface, Tracked* object) {
    std::lock_guard<std::mutex> hold(registry_lock());
    registry()[iface] = object;
}

void UnregisterObject(Tracked* object) {
    std::lock_guard<std::mutex> hold(registry_lock());
    auto& map = registry();
    for (auto it = map.begin(); it != map.end();) it = it->second == object ? map.erase(it) : std::next(it);
}

Tracked* FindObject(const void* iface) {
    if (iface == nullptr) return nullptr;
    std::lock_guard<std::mutex> hold(registry_lock());
    auto it = registry().find(iface);
    return it == registry().end() || !it->second->Alive() ? nullptr : it->second;
}

void Bury(Tracked* object) {
    Tracked* evicted = nullptr;
    {
        std::lock_guard<std::mutex> hold(graveyard_lock());
        graveyard().push_back(object);
        if (graveyard().size() > kGraveyard) {
            evicted = graveyard().front();
            graveyard().pop_front();
        }
    }
    delete evicted;
}

std::string Narrow(const wchar_t* text) {
    std::string out;
    if (text == nullptr) return out;
    for (; *text && out.size() < 256; text++) {
        const wchar_t c = *text;
        out += c >= 0x20 && c < 0x7f ? static_cast<char>(c) : '?';  // names appear in messages only
    }
    return out;
}

std::string Format(const char* format, ...) {
    char buffer[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    return buffer;
}

/* ---- PrivateData ----------------------------------------------------------------------------- */

HRESULT PrivateData::Get(REFGUID guid, UINT* size, void* data) {
    if (size == nullptr) return E_INVALIDARG;
    std::lock_guard<std::mutex> hold(lock_);
    for (const Entry& e : entries_) {
        if (!(e.guid == guid)) continue;
        const UINT need = e.object ? static_cast<UINT>(sizeof(IUnknown*)) : static_cast<UINT>(e.bytes.size());
        if (data == nullptr) {
            *size = need;
            return S_OK;
        }
        if (*size < need) {
            *size = need;
            return DXGI_ERROR_MORE_DATA;
        }
        *size = need;
        if (e.object) {
            e.object->AddRef();  // as D3D12: the caller receives a reference
            std::memcpy(data, &e.object, sizeof e.object);
        } else if (need) {
            std::memcpy(data, e.bytes.data(), need);
        }
        return S_OK;
    }
    *size = 0;
    return DXGI_ERROR_NOT_FOUND;
}

HRESULT PrivateData::Set(REFGUID guid, UINT size, const void* data) {
    if (size != 0 && data == nullptr) return E_INVALIDARG;
    IUnknown* old = nullptr;
    {
        std::lock_guard<std::mutex> hold(lock_);
        for (auto it = entries_.begin(); it != entries_.end(); ++it)
            if (it->guid == guid) {
                old = it->object;
                entries_.erase(it);
                break;
            }
        if (data != nullptr)  // NULL data removes the entry
            entries_.push_back({guid, std::vector<uint8_t>(static_cast<const uint8_t*>(data),
                                                           static_cast<const uint8_t*>(data) + size), nullptr});
    }
    if (old) old->Release();
    return S_OK;
}

HRESULT PrivateData::SetInterface(REFGUID guid, IUnknown* object) {
    HRESULT hr = Set(guid, 0, nullptr);
    if (FAILED(hr) || object == nullptr) return hr;
    object->AddRef();
    std::lock_guard<std::mutex> hold(lock_);
    entries_.push_back({guid, {}, object});
    return S_OK;
}

void PrivateData::Clear() {
    std::vector<Entry> entries;
    {
        std::lock_guard<std::mutex> hold(lock_);
        entries.swap(entries_);
    }
    for (Entry& e : entries)
        if (e.object) e.object->Release();
}

/* ---- Tracked --------------------------------------------------------------------------------- */

std::string Tracked::Describe() const {
    std::lock_guard<std::mutex> hold(const_cast<std::mutex&>(name_lock_));
    return name_.empty() ? std::string(TypeName()) : std::string(TypeName()) + " '" + name_ + "'";
}

ULONG Tracked::AddRefImpl() {
    if (!Alive()) {
        Dead("AddRef");
        return 0;
    }
    return ++refs_;
}

ULONG Tracked::ReleaseImpl() {
    if (!Alive()) {
        Dead("Release");
        return 0;
    }
    const ULONG left = --refs_;
    if (left == 0) {
        alive_.store(false, std::memory_order_release);
        UnregisterObject(this);
        private_data_.Clear();
        Destroy();
        if (parent_) parent_->ReleaseImpl();
        if (!Immortal()) Bury(this);
    }
    return left;
}

HRESULT Tracked::QueryInterfaceImpl(REFIID riid, void** ppv) {
    if (!Alive()) return Dead("QueryInterface");
    if (ppv == nullptr) return E_POINTER;
    *ppv = Interface(riid);
    if (*ppv == nullptr) return E_NOINTERFACE;
    AddRefImpl();
    return S_OK;
}

HRESULT Tracked::Fail(HRESULT hr, const char* format, ...) {
    char buffer[2048];
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    if (MessageSink* sink = Sink()) sink->Report(buffer);
    return hr;
}

HRESULT Tracked::NotImplemented(const char* method) {
    return Fail(E_NOTIMPL, "%s: not implemented by pydml's CPU stand-in for D3D12 (docs/com.md lists what is)",
                method);
}

HRESULT Tracked::Dead(const char* method) {
    return Fail(E_INVALIDARG, "%s::%s: the object was used after its final Release", TypeName(), method);
}

}  // namespace pydml_com
