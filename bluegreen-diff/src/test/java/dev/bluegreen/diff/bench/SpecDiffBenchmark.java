package dev.bluegreen.diff.bench;

import dev.bluegreen.diff.ChangeKind;
import dev.bluegreen.diff.SpecChange;
import dev.bluegreen.diff.SpecDiffer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;

/**
 * Diffs two realistic specs (test resources bench/spec-a.json and spec-b.json: about 300 fields
 * with three pod templates; 7 edited fields, 2 of them only respelled, so 5 changes) with the
 * default rules.
 *
 * <p>Run: {@code mvn -B -ntp -o -Pbench -pl bluegreen-diff test-compile exec:exec
 * -Dbench=SpecDiffBenchmark}. Mode: sample time, so JMH reports the median (p0.50).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SpecDiffBenchmark {

    private final SpecDiffer differ = SpecDiffer.withDefaults();
    private JsonNode lastApplied;
    private JsonNode desired;
    private JsonNode lastAppliedCopy;

    /** Loads the two specs and checks that they differ as the benchmark claims. */
    @Setup
    public void load() throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        lastApplied = read(mapper, "/bench/spec-a.json");
        desired = read(mapper, "/bench/spec-b.json");
        lastAppliedCopy = lastApplied.deepCopy();
        SpecChange change = differ.diff(lastApplied, desired);
        if (change.kind() != ChangeKind.TRANSITION || change.changes().size() != 5) {
            throw new IllegalStateException("unexpected benchmark input: " + change);
        }
    }

    /** One diff of the two specs. */
    @Benchmark
    public SpecChange diffRealisticSpecs() {
        return differ.diff(lastApplied, desired);
    }

    /** One diff of a spec with itself (same tree): most subtrees are skipped by identity. */
    @Benchmark
    public SpecChange diffUnchangedSpec() {
        return differ.diff(lastApplied, lastApplied);
    }

    /**
     * One diff of a spec with an equal deep copy: the "nothing changed" reconcile, fully walked.
     */
    @Benchmark
    public SpecChange diffEqualCopy() {
        return differ.diff(lastApplied, lastAppliedCopy);
    }

    private static JsonNode read(ObjectMapper mapper, String resource) throws IOException {
        try (InputStream in = SpecDiffBenchmark.class.getResourceAsStream(resource)) {
            return mapper.readTree(in);
        }
    }
}
