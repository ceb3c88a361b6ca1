package dev.bluegreen.core.simulation;

import dev.bluegreen.core.AnalysisPhase;
import dev.bluegreen.core.AnalysisVerdict;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Commands;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.core.analysis.AnalysisStage;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static java.time.Duration.ofMinutes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scripted analysis verdicts the simulator gives the engine, and the scripts' guards. */
class FakeAnalysisTest {
    private static final Instant READY = Instant.parse("2026-01-01T00:05:00Z");
    private static final Instant SWITCHED = Instant.parse("2026-01-01T00:09:00Z");

    private static TransitionRecord.Builder toGreen() {
        return TransitionRecord.initial().toBuilder()
                .state(BlueGreenState.TRANSITIONING_TO_GREEN)
                .transitionNumber(2)
                .stableSpecRef("v0")
                .targetSpecRef("v1")
                .trafficColor(Color.BLUE);
    }

    private static TransitionRecord retiringBlue() {
        return toGreen()
                .state(BlueGreenState.RETIRING_BLUE)
                .readySince(READY)
                .trafficColor(Color.GREEN)
                .trafficSwitchedAt(SWITCHED)
                .build();
    }

    private static AnalysisPhase pre(FakeAnalysis analysis, TransitionRecord record, Instant now) {
        analysis.progress(record, Commands.none(), now, new ArrayList<>());
        return analysis.observe(record, now).prePromotion().phase();
    }

    private static AnalysisPhase post(FakeAnalysis analysis, TransitionRecord record, Instant now) {
        analysis.progress(record, Commands.none(), now, new ArrayList<>());
        return analysis.observe(record, now).postPromotion().phase();
    }

    @Test
    void preChecksRunFromReadinessUntilTheScriptConcludes() {
        var analysis = new FakeAnalysis(AnalysisScript.failsAfter(ofMinutes(2)), null);
        var record = toGreen().readySince(READY).build();

        assertThat(pre(analysis, record, READY)).isEqualTo(AnalysisPhase.RUNNING);
        assertThat(pre(analysis, record, READY.plusSeconds(119))).isEqualTo(AnalysisPhase.RUNNING);
        assertThat(pre(analysis, record, READY.plus(ofMinutes(2)))).isEqualTo(AnalysisPhase.FAILED);
        assertThat(analysis.observe(record, READY).postPromotion()).isEqualTo(AnalysisVerdict.NONE);
    }

    @Test
    void preChecksArePendingUntilTheIncomingChildIsFirstReady() {
        var analysis = new FakeAnalysis(AnalysisScript.passesAfter(Duration.ZERO), null);

        assertThat(pre(analysis, toGreen().build(), READY)).isEqualTo(AnalysisPhase.PENDING);
    }

    @Test
    void aFirstDeploymentAndAStageWithoutScriptAreNotAnalysed() {
        var analysis = new FakeAnalysis(null, AnalysisScript.failsAfter(Duration.ZERO));
        var first = toGreen().trafficColor(null).readySince(READY).build();

        assertThat(pre(analysis, first, READY)).isEqualTo(AnalysisPhase.NONE);
        assertThat(pre(analysis, toGreen().readySince(READY).build(), READY))
                .isEqualTo(AnalysisPhase.NONE);
    }

    @Test
    void postChecksRunFromTheSwitch() {
        var analysis = new FakeAnalysis(null, AnalysisScript.inconclusiveAfter(ofMinutes(1)));

        assertThat(post(analysis, retiringBlue(), SWITCHED)).isEqualTo(AnalysisPhase.RUNNING);
        assertThat(analysis.nextEventAt(retiringBlue(), SWITCHED))
                .isEqualTo(SWITCHED.plus(ofMinutes(1)));
        assertThat(post(analysis, retiringBlue(), SWITCHED.plus(ofMinutes(1))))
                .isEqualTo(AnalysisPhase.INCONCLUSIVE);
        assertThat(analysis.nextEventAt(retiringBlue(), SWITCHED.plus(ofMinutes(1)))).isNull();
    }

    @Test
    void aConcludedVerdictStaysWhenTheScriptIsReplaced() {
        var analysis = new FakeAnalysis(null, AnalysisScript.failsAfter(Duration.ZERO));
        assertThat(post(analysis, retiringBlue(), SWITCHED)).isEqualTo(AnalysisPhase.FAILED);

        analysis.script(AnalysisStage.POST_PROMOTION, AnalysisScript.passesAfter(Duration.ZERO));

        assertThat(post(analysis, retiringBlue(), SWITCHED.plusSeconds(5)))
                .isEqualTo(AnalysisPhase.FAILED);
    }

    @Test
    void aNewPromoteSkipsUnfinishedAndInconclusiveChecksButNotFailedOnes() {
        var promote = new Commands("promote-1", null, false);
        var events = new ArrayList<String>();
        var running = new FakeAnalysis(null, AnalysisScript.never());
        var failed = new FakeAnalysis(null, AnalysisScript.failsAfter(Duration.ZERO));

        running.progress(retiringBlue(), promote, SWITCHED, events);
        failed.progress(retiringBlue(), promote, SWITCHED, events);

        assertThat(running.observe(retiringBlue(), SWITCHED).postPromotion().phase())
                .isEqualTo(AnalysisPhase.SUCCESSFUL);
        assertThat(failed.observe(retiringBlue(), SWITCHED).postPromotion().phase())
                .isEqualTo(AnalysisPhase.FAILED);
        assertThat(events)
                .containsExactly(
                        "analysis: postPromotion scripted checks skipped by promote-1",
                        "analysis: postPromotion scripted checks failed after PT0S");
    }

    @Test
    void aHandledPromoteSkipsNothing() {
        var analysis = new FakeAnalysis(null, AnalysisScript.never());
        var handled = retiringBlue().toBuilder().handledPromote("promote-1").build();

        analysis.progress(handled, new Commands("promote-1", null, false), SWITCHED, List.of());

        assertThat(analysis.observe(handled, SWITCHED).postPromotion().phase())
                .isEqualTo(AnalysisPhase.RUNNING);
    }

    @Test
    void checksThatNeverConcludePassOnceTheyBehave() {
        assertThat(AnalysisScript.never().behaving())
                .isEqualTo(AnalysisScript.passesAfter(Duration.ofSeconds(30)));
        assertThat(AnalysisScript.failsAfter(ofMinutes(1)).behaving())
                .isEqualTo(AnalysisScript.failsAfter(ofMinutes(1)));
    }

    @Test
    void scriptsRefuseAnUnfinishedOutcomeANegativeDelayOrHalfANever() {
        assertThatThrownBy(() -> new AnalysisScript(AnalysisPhase.RUNNING, ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outcome must be SUCCESSFUL, FAILED, INCONCLUSIVE or ERROR");
        assertThatThrownBy(() -> AnalysisScript.passesAfter(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("after must not be negative");
        assertThatThrownBy(() -> new AnalysisScript(AnalysisPhase.FAILED, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("both be set or both be null");
        assertThatThrownBy(() -> AnalysisScript.failsAfter(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("after == null");
    }
}
