#pragma once
// A view of a run: the images (and people) whose properties satisfy a query such as
// "area > 9216 and swaps > 0" — the query bar of the GUI and `posescope-cli export --where`.
// The grammar and every property are documented in docs/views.md.
//
//   query      := condition { "and" condition }
//   condition  := [ "not" ] property [ operator value ]
//   operator   := "<" | "<=" | ">" | ">=" | "=" | "==" | "!=" | "~"     (~: text contains)
//   value      := number | word | "quoted text" | true | false
//
// A property is of an image (id, file, people, tag, ...) or of a person (area, score, match,
// person_tag, ...). An image is in the view when its image conditions hold and, if the query has
// person conditions, at least one of its people satisfies all of them at once. A tag property
// holds several texts (an image may have many tags): = and ~ hold when one of them matches, !=
// when none does; with no tag at all it has no value.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/errors.h"

namespace posescope {

/// A query that does not parse or names an unknown property or value. `position` is the 0-based
/// character offset of the offending token in the query text; what() says what is wrong there and,
/// for a misspelt name, the closest valid one ("did you mean 'swaps'?").
class QueryError : public Error {
 public:
  QueryError(std::size_t position, const std::string& message);
  std::size_t position() const { return position_; }

 private:
  std::size_t position_;
};

/// Whose property a name is.
enum class PropertyLevel { Image, Person };
/// What its values are.
enum class PropertyType { Number, Text, Flag, Choice };

/// One property a query can name.
struct PropertyInfo {
  std::string name;
  PropertyLevel level = PropertyLevel::Image;
  PropertyType type = PropertyType::Number;
  std::vector<std::string> choices;  // the values of a Choice property
  std::string help;                  // one line, for completions and docs/views.md
};

/// Every property, images' first, in the order the documentation lists them.
const std::vector<PropertyInfo>& viewProperties();

/// A person of an image as a view sees it: a ground-truth person with the prediction matched to it,
/// a ground-truth person no prediction matched (missed), a prediction matched to nobody
/// (background) or a prediction on a crowd region. Unknown values are unset.
struct ViewPerson {
  std::string match;            // matched, missed, background or crowd
  std::optional<double> area;   // the ground-truth person's area (a background prediction's own)
  std::optional<int> visible;   // labelled joints of the ground-truth person
  bool crowd = false;           // the ground-truth region is a crowd (iscrowd)
  std::optional<double> score;  // the prediction's score
  std::optional<double> oks;    // OKS of the prediction with its person
  int jitters = 0, inversions = 0, swaps = 0, misses = 0;  // joints with each error label
  std::optional<std::int64_t> groundTruthId;               // annotation id
  std::optional<std::size_t> detectionIndex;               // position in the results list
  std::vector<std::string> tags;  // of its ground-truth person or prediction (tags.json)
};

/// An image as a view sees it.
struct ViewImage {
  std::int64_t id = 0;
  std::string file;
  int people = 0;                   // regular (not crowd) ground-truth people
  int predicted = 0;                // predicted people
  bool crowd = false;               // the image has a crowd region
  std::optional<double> ap;         // per-image AP (valid.py's settings)
  std::optional<double> oks;        // mean OKS of the image's matches at .50
  bool failed = false;              // the run could not evaluate the image
  std::string failure;              // why
  std::vector<ViewPerson> persons;  // the image's people and predictions
  std::vector<std::string> tags;    // of the image or of one of its people (tags.json)
};

/// A parsed query.
class ViewQuery {
 public:
  /// The empty query: every image, every person.
  ViewQuery() = default;
  /// Parses `text`; throws QueryError. Blank text is the empty query. Keywords (and, not, true,
  /// false) and property names are case-insensitive.
  static ViewQuery parse(const std::string& text);

  bool empty() const { return conditions_.empty(); }
  /// The query as parsed, normalised ("area > 9216 and swaps > 0").
  std::string text() const;
  /// The image conditions hold and, when there are person conditions, a person satisfies all.
  bool matchesImage(const ViewImage& image) const;
  /// The person satisfies every person condition (true when there are none).
  bool matchesPerson(const ViewPerson& person) const;
  /// True when the query has conditions on people.
  bool hasPersonConditions() const;
  /// True when a condition names the property `name`.
  bool usesProperty(const std::string& name) const;

 private:
  struct Condition {
    const PropertyInfo* property = nullptr;
    std::string op;  // "<", "<=", ">", ">=", "=", "!=", "~" or "" (a flag alone)
    bool negated = false;
    double number = 0;
    std::string text;  // a Text or Choice value, lower-case for choices
    bool flag = true;
  };
  bool holds(const Condition& c, const ViewImage* image, const ViewPerson* person) const;

  std::vector<Condition> conditions_;
};

/// The images of `images` in the view, in their order.
std::vector<const ViewImage*> imagesInView(const std::vector<ViewImage>& images,
                                           const ViewQuery& query);

}  // namespace posescope
