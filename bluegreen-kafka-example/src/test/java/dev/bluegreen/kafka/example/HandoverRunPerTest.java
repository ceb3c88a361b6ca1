package dev.bluegreen.kafka.example;

import dev.bluegreen.gate.rule.Color;
import dev.bluegreen.gate.rule.GateCommand;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Test support: the base of the handover ITs: one broker per class ({@link BrokerPerClass}) and a
 * fresh {@link HandoverRun} per test, named after the test method, closed after it.
 */
abstract class HandoverRunPerTest extends BrokerPerClass {
    /** The ITs' cutover margin after the latest reported event time: 1 s. */
    static final long CUTOVER_MARGIN_MS = 1_000;

    /** The ITs' catch-up bound (green's watermark within this of blue's): 5 s. */
    static final long CATCH_UP_BOUND_MS = 5_000;

    @TempDir Path tmp;
    HandoverRun run;

    @BeforeEach
    void startRun(TestInfo info) {
        String name = info.getTestMethod().orElseThrow().getName().toLowerCase(Locale.ROOT);
        run = HandoverRun.start(pipeline, tmp, name);
    }

    @AfterEach
    void closeRun() throws Exception {
        if (run != null) {
            run.close();
        }
    }

    /** Blue (v1) with the gate, once its gates passed 300 records. */
    ColourJob startGatedBlue() throws Exception {
        ColourJob blue = run.startJob(run.gatedSpec("v1", Color.BLUE));
        run.controller().awaitPassed(Color.BLUE, 300);
        return blue;
    }

    /** Green (v2) with the gate, restored from a savepoint of {@code blue}, which keeps running. */
    ColourJob startGatedGreenFrom(ColourJob blue) throws Exception {
        return run.startJob(run.gatedSpec("v2", Color.GREEN).restoredFrom(blue.savepoint()));
    }

    /**
     * The controller's handover from blue to green: green caught up, proposals until every subtask
     * armed, commit, blue drained.
     *
     * @return the committed command
     */
    GateCommand handOver() {
        run.controller().awaitCaughtUp(CATCH_UP_BOUND_MS);
        GateCommand committed =
                run.controller().commit(run.controller().proposeUntilAllArmed(CUTOVER_MARGIN_MS));
        run.controller().awaitDrained(Color.BLUE, committed);
        return committed;
    }
}
