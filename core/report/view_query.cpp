#include "report/view_query.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "common/number_text.h"
#include "common/strings.h"

namespace posescope {

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool containsIgnoringCase(const std::string& text, const std::string& part) {
  return lower(text).find(lower(part)) != std::string::npos;
}

struct Token {
  enum Kind { Word, Number, Quoted, Operator, End } kind = End;
  std::string text;
  std::size_t position = 0;
};

// Splits the query into words, numbers, quoted texts and operators; throws QueryError at a
// character that starts none of them.
std::vector<Token> tokenize(const std::string& text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  const auto isWordChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    Token token;
    token.position = i;
    if (c == '"' || c == '\'') {
      const std::size_t close = text.find(c, i + 1);
      if (close == std::string::npos) throw QueryError(i, "the quoted text is not closed");
      token.kind = Token::Quoted;
      token.text = text.substr(i + 1, close - i - 1);
      i = close + 1;
    } else if (c == '<' || c == '>' || c == '=' || c == '!' || c == '~') {
      const std::size_t length = i + 1 < text.size() && text[i + 1] == '=' && c != '~' ? 2 : 1;
      token.kind = Token::Operator;
      token.text = text.substr(i, length);
      if (token.text == "!") throw QueryError(i, "'!' must be '!=' (or use 'not')");
      if (token.text == "==") token.text = "=";
      i += length;
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') {
      // As far as a number reads; what follows is the next token. from_chars, unlike strtod,
      // ignores the locale (the GUI's may write decimal commas).
      const char* begin = text.data() + i + (c == '+' ? 1 : 0);
      double ignored = 0;
      const auto [end, error] = std::from_chars(begin, text.data() + text.size(), ignored);
      if (error == std::errc::invalid_argument)
        throw QueryError(i, std::string("unexpected '") + c + "'");
      const std::size_t length = static_cast<std::size_t>(end - (text.data() + i));
      token.kind = Token::Number;
      token.text = text.substr(i, length);
      i += length;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t end = i + 1;
      while (end < text.size() && isWordChar(text[end])) ++end;
      token.kind = Token::Word;
      token.text = text.substr(i, end - i);
      i = end;
    } else {
      throw QueryError(i, std::string("unexpected '") + c + "'");
    }
    tokens.push_back(std::move(token));
  }
  Token end;
  end.position = text.size();
  tokens.push_back(end);
  return tokens;
}

// A number token as a finite double; throws QueryError naming it otherwise.
double numberOf(const Token& token) {
  const std::string& t = token.text;
  const char* begin = t.data() + (!t.empty() && t[0] == '+' ? 1 : 0);
  double value = 0;
  const auto [end, error] = std::from_chars(begin, t.data() + t.size(), value);
  if (error != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
    throw QueryError(token.position, "'" + t + "' is not a finite number");
  return value;
}

const PropertyInfo* findProperty(const std::string& name) {
  for (const PropertyInfo& p : viewProperties())
    if (p.name == name) return &p;
  return nullptr;
}

std::string didYouMean(const std::string& word, const std::vector<std::string>& candidates) {
  const std::string best = closestMatch(word, candidates);
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string joined(const std::vector<std::string>& words) {
  std::string list;
  for (const std::string& w : words) list += (list.empty() ? "" : ", ") + w;
  return list;
}

std::vector<std::string> propertyNames() {
  std::vector<std::string> names;
  for (const PropertyInfo& p : viewProperties()) names.push_back(p.name);
  return names;
}

bool compareNumbers(double value, const std::string& op, double bound) {
  if (op == "<") return value < bound;
  if (op == "<=") return value <= bound;
  if (op == ">") return value > bound;
  if (op == ">=") return value >= bound;
  if (op == "=") return value == bound;
  return value != bound;  // "!="
}

// A property's value on an image or person; unset when it has none (a missed person's score).
// A tag property holds a list of texts instead: empty, it has no value.
struct Value {
  std::optional<double> number;
  std::optional<std::string> text;
  std::optional<bool> flag;
  bool isList = false;
  std::vector<std::string> texts;
};

Value tagsValue(const std::vector<std::string>& tags) {
  Value v;
  v.isList = true;
  v.texts = tags;
  return v;
}

// A text condition `op` `wanted` on `text`: = equals, != differs, ~ contains ignoring case.
bool textMatches(const std::string& text, const std::string& op, const std::string& wanted) {
  if (op == "~") return containsIgnoringCase(text, wanted);
  return (text == wanted) == (op == "=");
}

Value imageValue(const std::string& name, const ViewImage& image) {
  Value v;
  if (name == "id") v.number = static_cast<double>(image.id);
  if (name == "file") v.text = image.file;
  if (name == "people") v.number = image.people;
  if (name == "predicted") v.number = image.predicted;
  if (name == "has_crowd") v.flag = image.crowd;
  if (name == "ap") v.number = image.ap;
  if (name == "mean_oks") v.number = image.oks;
  if (name == "failed") v.flag = image.failed;
  if (name == "failure") v.text = image.failure;
  if (name == "tag") v = tagsValue(image.tags);
  if (name == "tagged") v.flag = !image.tags.empty();
  return v;
}

Value personValue(const std::string& name, const ViewPerson& person) {
  Value v;
  if (name == "match") v.text = person.match;
  if (name == "area") v.number = person.area;
  if (name == "visible" && person.visible) v.number = *person.visible;
  if (name == "score") v.number = person.score;
  if (name == "oks") v.number = person.oks;
  if (name == "jitters") v.number = person.jitters;
  if (name == "inversions") v.number = person.inversions;
  if (name == "swaps") v.number = person.swaps;
  if (name == "misses") v.number = person.misses;
  if (name == "person_tag") v = tagsValue(person.tags);
  if (name == "person_tagged") v.flag = !person.tags.empty();
  return v;
}

}  // namespace

QueryError::QueryError(std::size_t position, const std::string& message)
    : Error("column " + std::to_string(position + 1) + ": " + message), position_(position) {}

const std::vector<PropertyInfo>& viewProperties() {
  using L = PropertyLevel;
  using T = PropertyType;
  static const std::vector<PropertyInfo> properties = {
      {"id", L::Image, T::Number, {}, "the image id"},
      {"file", L::Image, T::Text, {}, "the image's file name"},
      {"people",
       L::Image,
       T::Number,
       {},
       "labelled ground-truth people (crowd regions not counted)"},
      {"predicted", L::Image, T::Number, {}, "predicted people"},
      {"has_crowd", L::Image, T::Flag, {}, "the image has a crowd region"},
      {"ap", L::Image, T::Number, {}, "the image's own AP (valid.py's settings)"},
      {"mean_oks", L::Image, T::Number, {}, "mean OKS of the image's matches at OKS .50"},
      {"failed", L::Image, T::Flag, {}, "the run could not evaluate the image"},
      {"failure", L::Image, T::Text, {}, "why the image failed"},
      {"tag", L::Image, T::Text, {}, "a tag of the image or of one of its people (tags.json)"},
      {"tagged", L::Image, T::Flag, {}, "the image or one of its people has a tag"},
      {"match",
       L::Person,
       T::Choice,
       {"matched", "missed", "background", "crowd"},
       "a ground-truth person and its prediction (matched), a person no prediction found "
       "(missed), a prediction of nobody (background) or on a crowd region (crowd)"},
      {"area", L::Person, T::Number, {}, "the ground-truth person's area in pixels²"},
      {"visible", L::Person, T::Number, {}, "labelled joints of the ground-truth person"},
      {"score", L::Person, T::Number, {}, "the prediction's score"},
      {"oks", L::Person, T::Number, {}, "OKS of the prediction with its person"},
      {"jitters", L::Person, T::Number, {}, "joints of the prediction labelled jitter"},
      {"inversions", L::Person, T::Number, {}, "joints labelled inversion"},
      {"swaps", L::Person, T::Number, {}, "joints labelled swap"},
      {"misses", L::Person, T::Number, {}, "joints labelled miss"},
      {"person_tag",
       L::Person,
       T::Text,
       {},
       "a tag of the person (its ground-truth person or its prediction)"},
      {"person_tagged", L::Person, T::Flag, {}, "the person has a tag"},
  };
  return properties;
}

ViewQuery ViewQuery::parse(const std::string& text) {
  const std::vector<Token> tokens = tokenize(text);
  ViewQuery query;
  std::size_t at = 0;
  const auto isKeyword = [](const Token& t, const char* word) {
    return t.kind == Token::Word && lower(t.text) == word;
  };
  if (tokens[at].kind == Token::End) return query;
  while (true) {
    Condition condition;
    if (isKeyword(tokens[at], "not")) {
      condition.negated = true;
      ++at;
    }
    const Token& name = tokens[at];
    if (name.kind != Token::Word)
      throw QueryError(name.position, name.kind == Token::End
                                          ? "a property name is missing at the end"
                                          : "expected a property name, not '" + name.text + "'");
    condition.property = findProperty(lower(name.text));
    if (!condition.property)
      throw QueryError(name.position, "unknown property '" + name.text + "'" +
                                          didYouMean(lower(name.text), propertyNames()));
    const PropertyInfo& property = *condition.property;
    ++at;
    if (tokens[at].kind == Token::Operator) {
      const Token& op = tokens[at++];
      condition.op = op.text;
      const Token& value = tokens[at];
      if (value.kind == Token::End || value.kind == Token::Operator)
        throw QueryError(value.position, "a value is missing after '" + op.text + "'");
      const bool ordering = op.text != "=" && op.text != "!=";
      switch (property.type) {
        case PropertyType::Number:
          if (op.text == "~")
            throw QueryError(op.position,
                             "'~' compares texts; '" + property.name + "' is a number");
          if (value.kind != Token::Number)
            throw QueryError(value.position,
                             "'" + property.name + "' is a number, not '" + value.text + "'");
          condition.number = numberOf(value);
          break;
        case PropertyType::Text:
          if (ordering && op.text != "~")
            throw QueryError(op.position, "'" + property.name + "' is a text: use =, != or ~");
          condition.text = value.text;
          break;
        case PropertyType::Flag: {
          const std::string word = lower(value.text);
          if (ordering) throw QueryError(op.position, "'" + property.name + "' is true or false");
          if (word != "true" && word != "false")
            throw QueryError(value.position,
                             "'" + property.name + "' is true or false, not '" + value.text + "'");
          condition.flag = word == "true";
          break;
        }
        case PropertyType::Choice: {
          const std::string word = lower(value.text);
          if (ordering)
            throw QueryError(op.position, "'" + property.name + "' is one of " +
                                              joined(property.choices) + ": use = or !=");
          if (std::find(property.choices.begin(), property.choices.end(), word) ==
              property.choices.end())
            throw QueryError(value.position, "'" + value.text + "' is not a value of '" +
                                                 property.name + "'" +
                                                 didYouMean(word, property.choices));
          condition.text = word;
          break;
        }
      }
      ++at;
    } else if (property.type != PropertyType::Flag) {
      throw QueryError(tokens[at].position,
                       "'" + property.name + "' needs a comparison, e.g. " + property.name +
                           (property.type == PropertyType::Number ? " > 0" : " = \"...\""));
    }
    query.conditions_.push_back(condition);
    const Token& next = tokens[at];
    if (next.kind == Token::End) break;
    if (isKeyword(next, "or"))
      throw QueryError(next.position,
                       "only 'and' combines conditions (a view narrows the images step by step)");
    if (!isKeyword(next, "and"))
      throw QueryError(next.position,
                       "expected 'and' or the end of the query, not '" + next.text + "'");
    ++at;
    if (tokens[at].kind == Token::End)
      throw QueryError(tokens[at].position, "a condition is missing after 'and'");
  }
  return query;
}

std::string ViewQuery::text() const {
  std::string out;
  for (const Condition& c : conditions_) {
    if (!out.empty()) out += " and ";
    if (c.negated) out += "not ";
    out += c.property->name;
    if (c.op.empty()) continue;
    out += " " + c.op + " ";
    switch (c.property->type) {
      case PropertyType::Number:
        out += shortestRoundTrip(c.number);
        break;
      case PropertyType::Flag:
        out += c.flag ? "true" : "false";
        break;
      default:
        out += "\"" + c.text + "\"";
    }
  }
  return out;
}

bool ViewQuery::holds(const Condition& c, const ViewImage* image, const ViewPerson* person) const {
  const Value v =
      image ? imageValue(c.property->name, *image) : personValue(c.property->name, *person);
  bool result = false;
  if (c.property->type == PropertyType::Number) {
    if (!v.number) return false;  // no value satisfies no condition, negated or not
    result = compareNumbers(*v.number, c.op, c.number);
  } else if (c.property->type == PropertyType::Flag) {
    if (!v.flag) return false;
    result = c.op.empty() ? *v.flag : ((*v.flag == c.flag) == (c.op == "="));
  } else if (v.isList) {
    if (v.texts.empty()) return false;
    // = and ~: one of the texts matches; !=: none is equal.
    const std::string op = c.op == "!=" ? "=" : c.op;
    const bool any = std::any_of(v.texts.begin(), v.texts.end(),
                                 [&](const std::string& t) { return textMatches(t, op, c.text); });
    result = c.op == "!=" ? !any : any;
  } else {
    if (!v.text) return false;
    result = textMatches(*v.text, c.op, c.text);
  }
  return result != c.negated;
}

bool ViewQuery::matchesPerson(const ViewPerson& person) const {
  for (const Condition& c : conditions_)
    if (c.property->level == PropertyLevel::Person && !holds(c, nullptr, &person)) return false;
  return true;
}

bool ViewQuery::hasPersonConditions() const {
  return std::any_of(conditions_.begin(), conditions_.end(),
                     [](const Condition& c) { return c.property->level == PropertyLevel::Person; });
}

bool ViewQuery::usesProperty(const std::string& name) const {
  return std::any_of(conditions_.begin(), conditions_.end(),
                     [&](const Condition& c) { return c.property->name == name; });
}

bool ViewQuery::matchesImage(const ViewImage& image) const {
  for (const Condition& c : conditions_)
    if (c.property->level == PropertyLevel::Image && !holds(c, &image, nullptr)) return false;
  if (!hasPersonConditions()) return true;
  return std::any_of(image.persons.begin(), image.persons.end(),
                     [&](const ViewPerson& p) { return matchesPerson(p); });
}

std::vector<const ViewImage*> imagesInView(const std::vector<ViewImage>& images,
                                           const ViewQuery& query) {
  std::vector<const ViewImage*> kept;
  for (const ViewImage& image : images)
    if (query.matchesImage(image)) kept.push_back(&image);
  return kept;
}

}  // namespace posescope
