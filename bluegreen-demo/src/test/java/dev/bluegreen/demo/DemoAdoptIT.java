package dev.bluegreen.demo;

import dev.bluegreen.demo.summary.AdoptedJob;
import dev.bluegreen.demo.timeline.ChildAdopted;
import dev.bluegreen.demo.timeline.ChildJob;
import dev.bluegreen.demo.timeline.Color;
import dev.bluegreen.demo.timeline.ControllerState;
import dev.bluegreen.demo.timeline.TimelineEvent;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's adopt scenario ({@code --adopt}): a plain FlinkDeployment {@code orders-live} runs v1,
 * the parent adopts it as blue, then upgrades to green v2 (BASIC mode, 300 records per phase).
 */
class DemoAdoptIT {
    static final Path OUT = Path.of("target", "demo-adopt-it");
    static RecordedDemo demo;

    @BeforeAll
    static void runTheAdoptScenario() throws Exception {
        demo = RecordedDemo.run(OUT, settings -> settings.withAdoption().withRecordsPerPhase(300));
    }

    @Test
    void theAdoptedJobKeptItsIdAndItsDeploymentItsGeneration() {
        AdoptedJob job = demo.run().adopted().orElseThrow();

        assertThat(job.name()).isEqualTo("orders-live");
        assertThat(job.jobIdBefore()).isNotEmpty().isEqualTo(job.jobIdAfter());
        assertThat(job.generationAfter()).isEqualTo(job.generationBefore());
    }

    @Test
    void theAdoptedJobRanWithoutABreakFromBeforeItsAdoptionUntilItsTeardown() {
        List<String> liveStates =
                demo.run().events().stream()
                        .filter(e -> e instanceof ChildJob c && c.name().equals("orders-live"))
                        .map(e -> ((ChildJob) e).jobState())
                        .toList();
        int running = demo.index(e -> isLive(e) && ((ChildJob) e).running());
        int adopted = demo.index(e -> e instanceof ChildAdopted a && a.color() == Color.BLUE);
        int blueActive =
                demo.index(e -> e instanceof ControllerState s && s.state().equals("ACTIVE_BLUE"));

        assertThat(running).isNotNegative().isLessThan(adopted);
        assertThat(adopted).isLessThan(demo.deleted(Color.BLUE));
        assertThat(blueActive).isGreaterThan(running);
        // once RUNNING, its job state never changed again until it was deleted
        assertThat(liveStates.subList(liveStates.indexOf("RUNNING"), liveStates.size()))
                .containsOnly("RUNNING");
    }

    @Test
    void thenUpgradesBlueToGreenLikeTheNormalDemo() {
        var counts = demo.run().counts();

        assertThat(demo.controllerStates())
                .containsSubsequence("ACTIVE_BLUE", "ACTIVE_GREEN", "SUSPENDED_GREEN")
                .doesNotContain("INITIALIZING_BLUE");
        assertThat(demo.switchedTo(Color.GREEN)).isLessThan(demo.deleted(Color.BLUE));
        assertThat(counts.lost()).isZero();
        assertThat(counts.duplicates()).isPositive();
        demo.assertBlueThenGreen();
    }

    @Test
    void printsTheAdoptedJobIdAndMarksTheAdoptionOnThePage() throws Exception {
        AdoptedJob job = demo.run().adopted().orElseThrow();

        assertThat(demo.printed())
                .contains(
                        "Adopted orders-live: job id "
                                + job.jobIdBefore()
                                + " before adoption, "
                                + job.jobIdAfter()
                                + " after (unchanged)")
                .containsPattern("Duplicates: [0-9,]+ .*Lost: 0");
        assertThat(Files.readString(demo.html())).contains("data-marker=\"adopted\"");
    }

    private static boolean isLive(TimelineEvent e) {
        return e instanceof ChildJob c && c.name().equals("orders-live");
    }
}
