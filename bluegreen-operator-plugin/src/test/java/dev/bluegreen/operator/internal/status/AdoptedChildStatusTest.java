package dev.bluegreen.operator.internal.status;

import dev.bluegreen.core.Adoption;
import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.Color;
import dev.bluegreen.core.Reason;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.validate.SpecProblem;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.bluegreen.operator.internal.status.StatusFixtures.PARENT;
import static dev.bluegreen.operator.internal.status.StatusFixtures.T1;
import static dev.bluegreen.operator.internal.status.StatusFixtures.plan;
import static dev.bluegreen.operator.internal.status.StatusFixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

/** {@code status.activeChild} and {@code status.adoptedChild} of a parent that adopted blue. */
class AdoptedChildStatusTest {
    static final String LIVE = "orders-live";

    static StatusInput.Builder adopting() {
        return StatusInput.builder(PARENT, 1, T1).adopted(LIVE);
    }

    @Test
    void anAdoptionNamesTheAdoptedDeploymentAsActiveAndAdopted() {
        var update =
                StatusMapper.map(
                        adopting()
                                .plan(Adoption.adopted(Color.BLUE, "ref", false, LIVE, T1))
                                .blue(running("job-1"))
                                .stableSpecJson("{}")
                                .build());

        assertThat(update.status().getActiveChild()).isEqualTo(LIVE);
        assertThat(update.status().getAdoptedChild()).isEqualTo(LIVE);
        assertThat(update.status().getState()).isEqualTo("ACTIVE_BLUE");
        assertThat(update.events()).anySatisfy(e -> assertThat(e.reason()).isEqualTo("Adopted"));
    }

    @Test
    void aPendingAdoptionRecordsNoAdoptedChild() {
        var waiting =
                Adoption.waiting(
                        TransitionRecord.initial(), "job RECONCILING", Duration.ofSeconds(5));

        var status = StatusMapper.map(adopting().plan(waiting).build()).status();

        assertThat(status.getAdoptedChild()).isNull();
        assertThat(status.getActiveChild()).isNull();
        assertThat(StatusFixtures.condition(status, "Progressing").getReason())
                .isEqualTo("AdoptionWaiting");
    }

    @Test
    void aPendingAdoptionIsProgressingAsOperationsMdSays() {
        var waiting =
                Adoption.waiting(
                        TransitionRecord.initial(), "job RECONCILING", Duration.ofSeconds(5));

        var status = StatusMapper.map(adopting().plan(waiting).build()).status();

        var progressing = StatusFixtures.condition(status, "Progressing");
        assertThat(progressing.getStatus()).isEqualTo("True");
        assertThat(progressing.getReason()).isEqualTo("AdoptionWaiting");
        assertThat(progressing.getMessage()).isEqualTo("waiting to adopt: job RECONCILING");
    }

    @Test
    void greenServingWithTheAdoptedBlueGoneClearsTheAdoptedChild() {
        var active = plan(BlueGreenState.ACTIVE_GREEN, Color.GREEN, Reason.STEADY);

        var retired =
                StatusMapper.map(adopting().plan(active).green(running("job-2")).build()).status();
        var retained =
                StatusMapper.map(
                                adopting()
                                        .plan(active)
                                        .blue(running("job-1"))
                                        .green(running("job-2"))
                                        .build())
                        .status();

        assertThat(retired.getAdoptedChild()).isNull();
        assertThat(retired.getActiveChild()).isEqualTo("orders-green");
        assertThat(retained.getAdoptedChild()).isEqualTo(LIVE);
    }

    @Test
    void aDeploymentWithTheParentsGreenNameIsAdoptedAsGreenAndClearedOnceBlueServesWithoutIt() {
        String green = PARENT + "-green";
        var adopted =
                StatusMapper.map(
                                StatusInput.builder(PARENT, 1, T1)
                                        .adopted(green)
                                        .plan(
                                                Adoption.adopted(
                                                        Color.GREEN, "ref", false, green, T1))
                                        .green(running("job-1"))
                                        .stableSpecJson("{}")
                                        .build())
                        .status();
        var blueActive = plan(BlueGreenState.ACTIVE_BLUE, Color.BLUE, Reason.STEADY);
        var retired =
                StatusMapper.map(
                                StatusInput.builder(PARENT, 1, T1)
                                        .adopted(green)
                                        .plan(blueActive)
                                        .blue(running("job-2"))
                                        .build())
                        .status();

        assertThat(adopted.getState()).isEqualTo("ACTIVE_GREEN");
        assertThat(adopted.getActiveColor()).isEqualTo("GREEN");
        assertThat(adopted.getActiveChild()).isEqualTo(green);
        assertThat(adopted.getAdoptedChild()).isEqualTo(green);
        assertThat(retired.getActiveChild()).isEqualTo(PARENT + "-blue");
        assertThat(retired.getAdoptedChild()).isNull();
    }

    @Test
    void aStatusWrittenWithoutADecisionKeepsTheAdoptedChild() {
        var previous =
                StatusFixtures.statusOf(
                        StatusFixtures.record(BlueGreenState.ACTIVE_GREEN, Color.GREEN));

        var status =
                StatusMapper.map(
                                adopting()
                                        .previous(previous)
                                        .blue(ChildObservation.absent())
                                        .problems(List.of(new SpecProblem("spec", "bad")))
                                        .build())
                        .status();

        assertThat(status.getAdoptedChild()).isEqualTo(LIVE);
    }
}
