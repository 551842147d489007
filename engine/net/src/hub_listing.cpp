// parseListing: a SAX handler over the listing. It knows four places in the document: the
// root object's "id", "sha" and "siblings", each sibling object's "rfilename", "size" and
// "blobId", and a sibling's "lfs" object with "sha256" and "size". Everything else is skipped
// as it streams past.
#include "hub_listing.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ts::hub {

namespace {

using json = nlohmann::json;

// Deeper than any listing goes (four levels); a document nested further is refused early.
constexpr std::size_t kMaxDepth = 64;

class ListingHandler {
  public:
    explicit ListingHandler(ParsedListing& out) : m_out(out) {}
    const std::string& error() const { return m_error; }
    bool sawSiblings() const { return m_sawSiblings; }

    bool null() { return accept(Kind::Other); }
    bool boolean(bool) { return accept(Kind::Other); }
    bool number_integer(json::number_integer_t) { return accept(Kind::Other); }  // < 0: no size
    bool number_unsigned(json::number_unsigned_t v) {
        if (inSibling("size")) m_size = v;
        if (inLfs("size")) m_lfsSize = v;
        return accept(Kind::Other);
    }
    bool number_float(json::number_float_t, const json::string_t&) { return accept(Kind::Other); }
    bool binary(json::binary_t&) { return accept(Kind::Other); }
    bool string(json::string_t& value) {
        if (!accept(Kind::String)) return false;
        if (atRoot("id")) {
            m_out.idIsString = true;
            m_out.id = std::move(value);
        } else if (atRoot("sha")) {
            m_out.hasCommit = true;
            m_out.info.commit = std::move(value);
        } else if (inSibling("rfilename")) {
            m_file.name = std::move(value);
            m_hasName = true;
        } else if (inSibling("blobId")) {
            m_file.blobId = std::move(value);
        } else if (inLfs("sha256")) {
            m_file.sha256 = std::move(value);
        }
        return true;
    }

    bool start_object(std::size_t) {
        if (!accept(Kind::Object)) return false;
        if (inSiblingsArray()) {
            if (m_out.info.files.size() >= kMaxListedFiles)
                return fail("it lists more than " + std::to_string(kMaxListedFiles) +
                            " files, more than any model repository has");
            m_file = RepoFile{};
            m_hasName = false;
            m_size.reset();
            m_lfsSize.reset();
        }
        return push(true);
    }
    bool key(json::string_t& name) {
        m_stack.back().key = std::move(name);
        if (m_stack.size() == 1 && m_stack.back().key == "id") m_out.hasId = true;
        return true;
    }
    bool end_object() {
        m_stack.pop_back();
        if (inSiblingsArray()) {
            if (!m_hasName) return fail("a file entry has no \"rfilename\"");
            m_file.size = m_lfsSize ? *m_lfsSize : m_size.value_or(0);
            m_out.info.files.push_back(std::move(m_file));
        }
        return true;
    }
    bool start_array(std::size_t) {
        if (!accept(Kind::Array)) return false;
        if (atRoot("siblings")) m_sawSiblings = true;
        return push(false);
    }
    bool end_array() {
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
        return fail(e.what());
    }

  private:
    enum class Kind { Object, Array, String, Other };
    struct Frame {
        bool object = false;
        std::string key;  // the current key, in objects
    };

    bool fail(const std::string& why) {
        if (m_error.empty()) m_error = why;
        return false;
    }
    bool push(bool object) {
        if (m_stack.size() >= kMaxDepth) return fail("it is nested too deeply");
        m_stack.push_back(Frame{object, {}});
        return true;
    }
    // The value starting now, checked against the place it is in; the id is checked by the
    // caller (any type is noted here as "not a string").
    bool accept(Kind kind) {
        if (m_stack.empty()) return kind == Kind::Object || fail("it is not a JSON object");
        if (atRoot("siblings") && kind != Kind::Array)
            return fail("its \"siblings\" is not a list");
        if (inSiblingsArray() && kind != Kind::Object) return fail("a file entry is not an object");
        if (inSibling("rfilename") && kind != Kind::String)
            return fail("a file entry's \"rfilename\" is not a string");
        return true;
    }

    bool atRoot(const char* key) const {
        return m_stack.size() == 1 && m_stack[0].object && m_stack[0].key == key;
    }
    // Directly inside the siblings array, where each value is one file entry.
    bool inSiblingsArray() const {
        return m_stack.size() == 2 && m_stack[0].key == "siblings" && !m_stack[1].object;
    }
    bool inSibling(const char* key) const {
        return m_stack.size() == 3 && m_stack[0].key == "siblings" && !m_stack[1].object &&
               m_stack[2].object && m_stack[2].key == key;
    }
    bool inLfs(const char* key) const {
        return m_stack.size() == 4 && m_stack[0].key == "siblings" && !m_stack[1].object &&
               m_stack[2].key == "lfs" && m_stack[3].object && m_stack[3].key == key;
    }

    ParsedListing& m_out;
    std::vector<Frame> m_stack;
    std::string m_error;
    bool m_sawSiblings = false, m_hasName = false;
    RepoFile m_file;
    std::optional<std::uint64_t> m_size, m_lfsSize;
};

}  // namespace

bool parseListing(std::string_view body, ParsedListing& out, std::string& error) {
    ListingHandler handler(out);
    if (!json::sax_parse(body.begin(), body.end(), &handler)) {
        error = handler.error().empty() ? "it is not valid JSON" : handler.error();
        return false;
    }
    if (!out.hasCommit) {
        error = "it has no \"sha\" string";
        return false;
    }
    if (!handler.sawSiblings()) {
        error = "it has no \"siblings\" list";
        return false;
    }
    return true;
}

}  // namespace ts::hub
