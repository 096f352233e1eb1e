// Checkpoint reader: both torch.save formats, unwrapping, refusal of unsafe pickles, corrupt
// files, strict loading; fixtures come from make_fixtures.py (values follow its formulas).

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <torch/nn/modules/batchnorm.h>
#include <torch/nn/modules/linear.h>
#include <torch/types.h>

#include <fstream>
#include <functional>
#include <map>
#include <numeric>
#include <random>

#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/checkpoint_weights.h"
#include "checkpoint/state_dict_writer.h"
#include "checkpoint/unpickler.h"
#include "common/errors.h"
#include "test_files.h"
#include "test_support.h"

using posescope::CheckpointError;
using posescope::StateDict;

namespace {

std::string fixture(const std::string& name) {
  return posescope::test::sourceDir() + "/tests/checkpoint/fixtures/" + name;
}

using posescope::test::readBytes;

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

std::map<std::string, torch::Tensor> toMap(const StateDict& sd) {
  std::map<std::string, torch::Tensor> m;
  for (const auto& [k, v] : sd) m[k] = v;
  return m;
}

std::vector<std::string> keysOf(const StateDict& sd) {
  std::vector<std::string> keys;
  for (const auto& entry : sd) keys.push_back(entry.first);
  return keys;
}

// The message of the CheckpointError `fn` throws, or a failure marker when it throws none.
template <typename Fn>
std::string errorOf(Fn fn) {
  try {
    fn();
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return "<no CheckpointError>";
}

// The network make_fixtures.py's tiny_state_dict describes.
struct TinyNetImpl : torch::nn::Module {
  explicit TinyNetImpl(int64_t in = 3) {
    fc = register_module("fc", torch::nn::Linear(in, 2));
    bn = register_module("bn", torch::nn::BatchNorm1d(2));
  }
  torch::nn::Linear fc{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};
TORCH_MODULE(TinyNet);

// tiny_state_dict(prefix, base, ...): value k of the t-th float tensor is base + 10 t + k.
torch::Tensor tinyExpected(int t, int base, std::vector<int64_t> shape) {
  const int64_t n = std::accumulate(shape.begin(), shape.end(), int64_t(1), std::multiplies<>());
  return (torch::arange(n, torch::kFloat) + float(base + 10 * t)).reshape(shape);
}

void checkTinyValues(const std::map<std::string, torch::Tensor>& m, int base) {
  QVERIFY(torch::equal(m.at("fc.weight"), tinyExpected(0, base, {2, 3})));
  QVERIFY(torch::equal(m.at("fc.bias"), tinyExpected(1, base, {2})));
  QVERIFY(torch::equal(m.at("bn.running_var"), tinyExpected(5, base, {2})));
  QCOMPARE(m.at("bn.num_batches_tracked").item<int64_t>(), int64_t(base));
}

}  // namespace

class TestCheckpoint : public QObject {
  Q_OBJECT
  // coco_xs_overfit.pth has no NAME.json: runs/cases.tsv evaluates it as LitePose-XS on COCO
  // (coco/mobilenet/mobile.yaml, arch/search-XS.json), the network of litepose_xs_coco.pth, so
  // it must hold that state_dict's keys with the same shapes and types (trained values).
  static void checkOverfitCheckpointIsLitePoseXs(const std::string& parity, const StateDict& sd) {
    QFile cases(QString::fromStdString(parity) + "/runs/cases.tsv");
    QVERIFY2(cases.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(cases.fileName()));
    int casesOfIt = 0;
    for (const QString& line : QString::fromUtf8(cases.readAll()).split('\n')) {
      const QStringList field = line.split('\t');  // name, config, arch, checkpoint, ...
      if (field.size() < 4 || field[3] != "models/coco_xs_overfit.pth") continue;
      ++casesOfIt;
      QCOMPARE(field[1], QString("coco/mobilenet/mobile.yaml"));
      QCOMPARE(field[2], QString("arch/search-XS.json"));
    }
    QVERIFY(casesOfIt > 0);
    const StateDict xs = posescope::readStateDict(parity + "/models/litepose_xs_coco.pth");
    QVERIFY(keysOf(sd) == keysOf(xs));
    for (std::size_t i = 0; i < xs.size(); ++i) {
      QVERIFY2(sd[i].second.sizes() == xs[i].second.sizes(), xs[i].first.c_str());
      QCOMPARE(sd[i].second.scalar_type(), xs[i].second.scalar_type());
    }
  }

 private Q_SLOTS:
  void zipReadsEveryDtype() {
    const StateDict sd = posescope::readStateDict(fixture("plain.pth"));
    const std::vector<std::string> expectedKeys = {
        "conv.weight", "conv.bias", "bn.running_mean", "bn.num_batches_tracked",
        "index",       "mask",      "count",           "transposed",
        "shared.a",    "shared.b"};
    QVERIFY(keysOf(sd) == expectedKeys);  // file order kept, no _metadata entry
    const auto m = toMap(sd);
    QCOMPARE(m.at("conv.weight").scalar_type(), torch::kFloat);
    QVERIFY(torch::equal(m.at("conv.weight"),
                         (torch::arange(6, torch::kFloat) * 0.5 - 1).reshape({2, 3})));
    QCOMPARE(m.at("conv.bias").scalar_type(), torch::kHalf);
    QVERIFY(torch::equal(m.at("conv.bias").to(torch::kFloat), torch::tensor({1.5f, -2.25f})));
    QCOMPARE(m.at("bn.running_mean").scalar_type(), torch::kDouble);
    QVERIFY(torch::equal(m.at("bn.running_mean"), torch::tensor({0.1, 0.2, 0.3}, torch::kDouble)));
    QCOMPARE(m.at("bn.num_batches_tracked").dim(), int64_t(0));
    QCOMPARE(m.at("bn.num_batches_tracked").scalar_type(), torch::kLong);
    QCOMPARE(m.at("bn.num_batches_tracked").item<int64_t>(), int64_t(7));
    QVERIFY(torch::equal(m.at("index"),
                         torch::tensor({int64_t(-3), int64_t(0), int64_t(5), int64_t(1) << 40})));
    QCOMPARE(m.at("mask").scalar_type(), torch::kBool);
    QVERIFY(torch::equal(m.at("mask"), torch::tensor({true, false, true, true, false})));
    QCOMPARE(m.at("count").scalar_type(), torch::kInt);
    QVERIFY(torch::equal(m.at("count"), torch::tensor({-1, 123456}, torch::kInt)));
  }

  void stridedViewWithOffset() {
    const auto m = toMap(posescope::readStateDict(fixture("plain.pth")));
    const torch::Tensor t = m.at("transposed");
    QCOMPARE(t.sizes().vec(), std::vector<int64_t>({3, 4}));
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 4; ++c) QCOMPARE(t[r][c].item<float>(), float(2 + r + 3 * c));
    }
  }

  void sharedStorageStaysShared() {
    const auto m = toMap(posescope::readStateDict(fixture("plain.pth")));
    const torch::Tensor a = m.at("shared.a");
    const torch::Tensor b = m.at("shared.b");
    QVERIFY(torch::equal(a, torch::tensor({10.f, 11.f, 12.f, 13.f})));
    QVERIFY(torch::equal(b, torch::tensor({14.f, 15.f, 16.f, 17.f}).reshape({2, 2})));
    QVERIFY(a.is_alias_of(b));  // as in Python: one storage, two views
  }

  void metadataKeptAsAttribute() {
    const posescope::PickleRef top = posescope::readCheckpointObject(fixture("plain.pth"));
    QVERIFY(top->isDict() && top->ordered);
    const posescope::PickleRef meta = top->attribute("_metadata");
    QVERIFY(meta && meta->isDict());
    const posescope::PickleRef bn = meta->get("bn");
    QVERIFY(bn && bn->get("version"));
    QCOMPARE(bn->get("version")->integer, int64_t(2));
    QVERIFY(!top->get("_metadata"));
  }

  void legacyEqualsZip() {
    QCOMPARE(posescope::detectCheckpointFormat(fixture("plain.legacy.pth")),
             posescope::CheckpointFormat::Legacy);
    const StateDict zip = posescope::readStateDict(fixture("plain.pth"));
    const StateDict legacy = posescope::readStateDict(fixture("plain.legacy.pth"));
    QVERIFY(keysOf(zip) == keysOf(legacy));
    for (std::size_t i = 0; i < zip.size(); ++i) {
      QCOMPARE(legacy[i].second.scalar_type(), zip[i].second.scalar_type());
      QVERIFY2(torch::equal(legacy[i].second, zip[i].second), zip[i].first.c_str());
    }
    const auto m = toMap(legacy);
    QVERIFY(m.at("shared.a").is_alias_of(m.at("shared.b")));
  }

  void legacyStorageViews() {
    const auto m = toMap(posescope::readStateDict(fixture("view.legacy.pth")));
    QVERIFY(torch::equal(m.at("v"), torch::tensor({4.f, 5.f, 6.f, 7.f}).reshape({2, 2})));
    QVERIFY(torch::equal(m.at("r"), torch::arange(10, torch::kFloat)));
    QVERIFY(m.at("v").is_alias_of(m.at("r")));
  }

  void checkpointTarUsesStateDictWithoutModulePrefix() {
    const StateDict sd = posescope::readStateDict(fixture("tiny.checkpoint.pth.tar"));
    QCOMPARE(sd.size(), std::size_t(7));
    for (const auto& [key, tensor] : sd) QVERIFY2(key.rfind("module.", 0) != 0, key.c_str());
    checkTinyValues(toMap(sd), 1);  // 'state_dict' (base 1), not 'best_state_dict' (base 500)
  }

  void trainingCheckpointGivesItsEpoch() {
    const posescope::CheckpointWeights tar =
        posescope::readCheckpointWeights(fixture("tiny.checkpoint.pth.tar"));
    QCOMPARE(tar.epoch, std::optional<int>(3));  // LitePose's 'epoch': the epochs trained
    checkTinyValues(toMap(tar.stateDict), 1);    // the same weights as readStateDict
    QVERIFY(!posescope::readCheckpointWeights(fixture("plain.pth")).epoch);
    QVERIFY(!posescope::readCheckpointWeights(fixture("tiny.model.pth")).epoch);
  }

  void modelEntryIsUnwrapped() {
    const StateDict sd = posescope::readStateDict(fixture("tiny.model.pth"));
    QCOMPARE(sd.size(), std::size_t(7));
    checkTinyValues(toMap(sd), 1);
  }

  void tensorDictReadsIoFile() {
    const auto m = toMap(posescope::readTensorDict(fixture("tiny.io.pth")));
    QCOMPARE(m.size(), std::size_t(2));
    QVERIFY(torch::equal(m.at("input"),
                         (torch::arange(12, torch::kFloat) * 0.25).reshape({1, 3, 2, 2})));
    QVERIFY(
        torch::equal(m.at("output0"), (-torch::arange(8, torch::kFloat)).reshape({1, 2, 2, 2})));
  }

  void unsafePicklesAreRefused_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("global");
    QTest::newRow("zip os.system") << "malicious.pth"
                                   << "posix.system";
    QTest::newRow("legacy eval")
        << "malicious.legacy.pth"
        << "__builtin__.eval";  // what pickle protocol 2 writes for builtins.eval
  }
  void unsafePicklesAreRefused() {
    QFETCH(QString, file);
    QFETCH(QString, global);
    const std::string path = fixture(file.toStdString());
    const std::string msg = errorOf([&] { posescope::readStateDict(path); });
    QVERIFY2(msg.find("'" + global.toStdString() + "'") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find(path) != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("refuses") != std::string::npos, msg.c_str());
  }

  void restrictedPickleOpcodes() {
    // STACK_GLOBAL (protocol 4) must be checked like GLOBAL.
    const std::string stackGlobal = std::string("\x80\x04\x8c\x02os\x8c\x06system\x93.", 16);
    std::string msg =
        errorOf([&] { posescope::readPickle(stackGlobal.data(), stackGlobal.size(), "s"); });
    QVERIFY2(msg.find("'os.system'") != std::string::npos, msg.c_str());
    // INST (protocol 0 object creation) is not understood at all.
    const std::string inst = "(ios\nsystem\n.";
    msg = errorOf([&] { posescope::readPickle(inst.data(), inst.size(), "i"); });
    QVERIFY2(msg.find("0x69") != std::string::npos, msg.c_str());
    // Plain values round-trip: {'a': [1, -2, 3.5, None, True], 'b': b'xy'} at protocol 2.
    const std::string plain = QByteArray::fromHex(
                                  "80027d7100285801000000615d7101284b014afeffffff47400c000000000000"
                                  "4e886558010000006243027879752e")
                                  .toStdString();
    const posescope::PickleRef v = posescope::readPickle(plain.data(), plain.size(), "p").value;
    QVERIFY(v->isDict());
    const posescope::PickleRef a = v->get("a");
    QVERIFY(a && a->items.size() == 5);
    QCOMPARE(a->items[1]->integer, int64_t(-2));
    QCOMPARE(a->items[2]->real, 3.5);
    QCOMPARE(v->get("b")->text, std::string("xy"));
  }

  void deeplyNestedPickleDoesNotCrash() {
    const int depth = 1000000;
    std::string p = "\x80\x02";
    p += std::string(depth + 1, ']') + std::string(depth, 'a') + ".";
    posescope::PickleRef v = posescope::readPickle(p.data(), p.size(), "deep").value;
    QCOMPARE(v->items.size(), std::size_t(1));
    v.reset();  // releasing a million nested lists must not overflow the stack
  }

  // Pickle allows a container to hold itself; PoseScope refuses it (and frees what it built)
  // instead of leaking the cycle. Each stream memoizes a container (BINPUT 0) and puts it into
  // itself (BINGET 0).
  void containerHoldingItselfIsRefused_data() {
    QTest::addColumn<QByteArray>("pickle");
    QTest::addColumn<QString>("kind");
    QTest::newRow("list appended to itself") << QByteArray(
                                                    "\x80\x02]q\x00h\x00"
                                                    "a.",
                                                    9)
                                             << "list";
    QTest::newRow("dict set into itself") << QByteArray("\x80\x02}q\x00K\x01h\x00s.", 11) << "dict";
    QTest::newRow("cycle no longer on the stack at STOP") << QByteArray(
                                                                 "\x80\x02]q\x00h\x00"
                                                                 "a0N.",
                                                                 11)
                                                          << "list";
    QTest::newRow("cycle through a tuple") << QByteArray(
                                                  "\x80\x02]q\x00h\x00\x85"
                                                  "a.",
                                                  10)
                                           << "list";
  }
  void containerHoldingItselfIsRefused() {
    QFETCH(QByteArray, pickle);
    QFETCH(QString, kind);
    const std::string msg =
        errorOf([&] { posescope::readPickle(pickle.constData(), pickle.size(), "cyclic.pth"); });
    const std::string expected = "a " + kind.toStdString() + " holds itself";
    QVERIFY2(msg.find("checkpoint 'cyclic.pth' is corrupt") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find(expected) != std::string::npos, msg.c_str());
  }

  void sharedContainerIsNotACycle() {
    // [x, x] with x = [] memoized: shared, not cyclic, as torch.save writes tied weights.
    const QByteArray p(
        "\x80\x02](]q\x00h\x00"
        "e.",
        11);
    const posescope::PickleRef v = posescope::readPickle(p.constData(), p.size(), "tied").value;
    QCOMPARE(v->items.size(), std::size_t(2));
    QCOMPARE(v->items[0].get(), v->items[1].get());
  }

  void torchScriptArchiveIsNamed() {
    const std::string path = fixture("script.pt");
    QCOMPARE(posescope::detectCheckpointFormat(path), posescope::CheckpointFormat::TorchScript);
    const std::string msg = errorOf([&] { posescope::readStateDict(path); });
    QVERIFY2(msg.find("TorchScript") != std::string::npos, msg.c_str());
  }

  void corruptFilesGiveClearErrors_data() {
    QTest::addColumn<QString>("kind");
    for (const char* kind :
         {"missing", "empty", "random", "random-zip-header", "random-pickle-header", "text",
          "zip-truncated", "zip-one-byte-short", "legacy-cut-in-pickle", "legacy-cut-in-data",
          "legacy-cut-in-keys", "cut_pickle.pth", "short_storage.pth", "out_of_bounds.pth"}) {
      QTest::newRow(kind) << QString(kind);
    }
  }
  void corruptFilesGiveClearErrors() {
    QFETCH(QString, kind);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string k = kind.toStdString();
    std::string path = dir.filePath("bad.pth").toStdString();
    const std::string zip = readBytes(fixture("plain.pth"));
    const std::string legacy = readBytes(fixture("plain.legacy.pth"));
    std::mt19937 rng(1234);
    std::string noise(4096, '\0');
    for (char& c : noise) c = char(rng() & 0xff);
    if (k == "empty") writeBytes(path, "");
    if (k == "random") writeBytes(path, "\x01" + noise);
    if (k == "random-zip-header") writeBytes(path, "PK\x03\x04" + noise);
    if (k == "random-pickle-header") writeBytes(path, "\x80\x02" + noise);
    if (k == "text") writeBytes(path, "conv.weight: [1, 2, 3]\n");
    if (k == "zip-truncated") writeBytes(path, zip.substr(0, zip.size() / 2));
    if (k == "zip-one-byte-short") writeBytes(path, zip.substr(0, zip.size() - 1));
    if (k == "legacy-cut-in-pickle") writeBytes(path, legacy.substr(0, 300));
    if (k == "legacy-cut-in-data") writeBytes(path, legacy.substr(0, legacy.size() - 3));
    if (k == "legacy-cut-in-keys") writeBytes(path, legacy.substr(0, legacy.size() - 300));
    if (k.find(".pth") != std::string::npos) path = fixture(k);
    const std::string msg = errorOf([&] { posescope::readStateDict(path); });
    qDebug().noquote() << QString::fromStdString(msg);
    QVERIFY2(msg.find("'" + path + "'") != std::string::npos, msg.c_str());
  }

  void mutatedFilesNeverCrash() {
    // Random byte flips in every fixture: each read either succeeds or throws CheckpointError.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("mutated.pth").toStdString();
    std::mt19937 rng(99);
    int refused = 0;
    for (const char* name :
         {"plain.pth", "plain.legacy.pth", "view.legacy.pth", "tiny.checkpoint.pth.tar"}) {
      const std::string original = readBytes(fixture(name));
      for (int round = 0; round < 200; ++round) {
        std::string bytes = original;
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) bytes[rng() % bytes.size()] = char(rng() & 0xff);
        writeBytes(path, bytes);
        try {
          posescope::readStateDict(path);
        } catch (const CheckpointError&) {
          ++refused;
        }
      }
    }
    QVERIFY(refused > 0);
  }

  void writerOutputReadsBack() {
    // writeStateDict (state_dict_writer.h) and readStateDict must agree, views included.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("written.pth").toStdString();
    const StateDict original = posescope::readStateDict(fixture("plain.pth"));
    posescope::writeStateDict(path, original);
    QCOMPARE(posescope::detectCheckpointFormat(path), posescope::CheckpointFormat::Zip);
    const StateDict back = posescope::readStateDict(path);
    QVERIFY(keysOf(back) == keysOf(original));
    for (std::size_t i = 0; i < back.size(); ++i) {
      QCOMPARE(back[i].second.scalar_type(), original[i].second.scalar_type());
      QVERIFY2(torch::equal(back[i].second, original[i].second), back[i].first.c_str());
    }
  }

  void strictLoadCopiesEveryTensor() {
    TinyNet net;
    const std::string path = fixture("tiny.checkpoint.pth.tar");
    posescope::loadStateDictStrict(*net, posescope::readStateDict(path), path);
    std::map<std::string, torch::Tensor> loaded;
    for (const auto& p : net->named_parameters()) loaded[p.key()] = p.value();
    for (const auto& b : net->named_buffers()) loaded[b.key()] = b.value();
    QCOMPARE(loaded.size(), std::size_t(7));
    checkTinyValues(loaded, 1);
    QVERIFY(net->fc->weight.requires_grad());
  }

  void strictLoadConvertsDtype() {
    TinyNet net;
    StateDict sd;
    for (const auto& p : net->named_parameters()) {
      sd.emplace_back(p.key(), torch::full(p.value().sizes(), 0.5, torch::kDouble));
    }
    for (const auto& b : net->named_buffers()) {
      sd.emplace_back(b.key(), torch::full(b.value().sizes(), 3, torch::kInt));
    }
    posescope::loadStateDictStrict(*net, sd, "mem");
    QCOMPARE(net->fc->weight.scalar_type(), torch::kFloat);
    QCOMPARE(net->fc->weight[1][2].item<float>(), 0.5f);
    QCOMPARE(net->bn->num_batches_tracked.scalar_type(), torch::kLong);
    QCOMPARE(net->bn->num_batches_tracked.item<int64_t>(), int64_t(3));
  }

  void strictLoadListsEveryProblem() {
    TinyNet net;
    const torch::Tensor before = net->fc->bias.clone();
    StateDict sd;
    sd.emplace_back("fc.weight", torch::zeros({3, 3}));  // wrong shape
    sd.emplace_back("fc.bias", torch::ones({2}));        // fine, but nothing may be copied
    for (int i = 0; i < 7; ++i) sd.emplace_back("extra." + std::to_string(i), torch::zeros({1}));
    const std::string msg = errorOf([&] { posescope::loadStateDictStrict(*net, sd, "model.pth"); });
    QVERIFY2(msg.find("'model.pth'") != std::string::npos, msg.c_str());
    QVERIFY2(msg.find("5 missing keys: bn.weight, bn.bias, bn.running_mean, bn.running_var, "
                      "bn.num_batches_tracked") != std::string::npos,
             msg.c_str());
    QVERIFY2(msg.find("7 unexpected keys: extra.0, extra.1, extra.2, extra.3, extra.4, ... "
                      "(2 more)") != std::string::npos,
             msg.c_str());
    QVERIFY2(msg.find("1 shape mismatches: fc.weight (checkpoint [3, 3], network [2, 3])") !=
                 std::string::npos,
             msg.c_str());
    QVERIFY2(msg.find("arch JSON") != std::string::npos, msg.c_str());
    QVERIFY(torch::equal(net->fc->bias, before));
  }

  void strictLoadRefusesMismatchedArch() {
    TinyNet wider(4);  // a config that does not match the checkpoint
    const std::string path = fixture("tiny.checkpoint.pth.tar");
    const std::string msg = errorOf(
        [&] { posescope::loadStateDictStrict(*wider, posescope::readStateDict(path), path); });
    QVERIFY2(msg.find("fc.weight (checkpoint [2, 3], network [2, 4])") != std::string::npos,
             msg.c_str());
    QVERIFY2(msg.find("missing") == std::string::npos, msg.c_str());
  }

  // --- the reference's real checkpoints (../shared/parity) ---------------------------------
  // Every checkpoint file of models/ is read and checked against what the parity data says it
  // holds; a file this test cannot check fails it rather than passing unchecked.
  void parityEveryModelFileLoads() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QDir models(QString::fromStdString(parity) + "/models");
    const QStringList files = models.entryList({"*.pth", "*.pth.tar"}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 9);
    for (const QString& name : files) {
      const std::string path = models.filePath(name).toStdString();
      if (name.endsWith(".io.pth")) {
        const auto m = toMap(posescope::readTensorDict(path));
        QVERIFY2(m.count("input") && m.count("output0"), path.c_str());
        QCOMPARE(m.at("input").dim(), int64_t(4));
        continue;
      }
      const StateDict sd = posescope::readStateDict(path);
      QVERIFY2(!sd.empty(), path.c_str());
      if (name == "coco_xs_overfit.pth") {
        checkOverfitCheckpointIsLitePoseXs(parity, sd);
        if (QTest::currentTestFailed()) return;
        continue;
      }
      // NAME.json records the state_dict's key count for NAME.pth, NAME.legacy.pth and
      // NAME.checkpoint.pth.tar (the same network saved three ways).
      QString base = name;
      for (const char* suffix : {".checkpoint.pth.tar", ".legacy.pth", ".pth"})
        if (base.endsWith(suffix)) base.chop(int(strlen(suffix)));
      QFile json(models.filePath(base + ".json"));
      QVERIFY2(json.open(QIODevice::ReadOnly),
               qPrintable("no " + json.fileName() + " to check " + name + " against"));
      const QJsonObject info = QJsonDocument::fromJson(json.readAll()).object();
      QVERIFY2(info.contains("state_dict_keys"), qPrintable(json.fileName()));
      QCOMPARE(int(sd.size()), info.value("state_dict_keys").toInt());
    }
  }

  void parityXsVariantsAreIdentical() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const std::string base = parity + "/models/litepose_xs_coco";
    const StateDict zip = posescope::readStateDict(base + ".pth");
    QCOMPARE(posescope::detectCheckpointFormat(base + ".legacy.pth"),
             posescope::CheckpointFormat::Legacy);
    for (const std::string& other : {base + ".legacy.pth", base + ".checkpoint.pth.tar"}) {
      const StateDict sd = posescope::readStateDict(other);
      QVERIFY2(keysOf(sd) == keysOf(zip), other.c_str());
      for (std::size_t i = 0; i < zip.size(); ++i) {
        QCOMPARE(sd[i].second.scalar_type(), zip[i].second.scalar_type());
        QVERIFY2(torch::equal(sd[i].second, zip[i].second), (other + ": " + zip[i].first).c_str());
      }
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
