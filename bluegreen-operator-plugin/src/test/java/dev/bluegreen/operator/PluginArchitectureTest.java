package dev.bluegreen.operator;

import dev.bluegreen.operator.internal.pipeline.StageBuildingItsOwnStatus;
import dev.bluegreen.operator.internal.status.StatusInput;
import dev.bluegreen.operator.internal.status.StatusMapper;
import dev.bluegreen.operator.internal.status.UnreadableStatus;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Only one package of the plugin writes to the API server: {@code
 * dev.bluegreen.operator.internal.apply} (the standalone and drop-in entry points included: the
 * Lease release lives there too); only the drop-in listener touches Flink classes; the decide stage
 * is pure; only the report stage builds the status; no package cycles.
 */
class PluginArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.operator");

    static final ArchRule ONLY_APPLY_USES_THE_CLIENT_DSL =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.operator.internal.apply..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.fabric8.kubernetes.client.dsl..",
                            "io.fabric8.kubernetes.client.http..")
                    .allowEmptyShould(true);

    /**
     * Flink (the operator API included) is provided only inside the upstream operator: the
     * standalone jar and Maven consumers have none, so only the drop-in listener may use it.
     */
    static final ArchRule ONLY_THE_LISTENER_USES_FLINK =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.operator.listener..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.apache.flink..")
                    .allowEmptyShould(true);

    /**
     * The controller uses only the gate's JDK-only parts (the rule and the channels), never its
     * Flink adapter.
     */
    static final ArchRule ONLY_THE_GATE_RULE_AND_CHANNELS_ARE_USED =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("dev.bluegreen.gate.flink..")
                    .allowEmptyShould(true);

    /** The handover coordinator is pure: no I/O, no Kubernetes, no clock reads. */
    static final ArchRule THE_COORDINATOR_IS_PURE =
            noClasses()
                    .that()
                    .resideInAPackage("dev.bluegreen.operator.internal.handover..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.fabric8..", "io.javaoperatorsdk..", "java.io..", "java.net..")
                    .orShould()
                    .callMethod(java.time.Instant.class, "now")
                    .orShould()
                    .callMethod(System.class, "currentTimeMillis")
                    .orShould()
                    .callMethod(System.class, "nanoTime")
                    .orShould()
                    .callMethod(java.time.Clock.class, "systemUTC")
                    .orShould()
                    .callMethod(java.time.Clock.class, "systemDefaultZone")
                    .allowEmptyShould(true);

    /**
     * The decide stage is a pure function of the observation, the settings and the time: no
     * Kubernetes client, no JOSDK, no network, no file or stream I/O, no clock reads.
     */
    static final ArchRule THE_DECIDE_STAGE_IS_PURE =
            noClasses()
                    .that()
                    .resideInAPackage("dev.bluegreen.operator.internal.pipeline.decide..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.fabric8.kubernetes.client..",
                            "io.javaoperatorsdk..",
                            "java.net..",
                            "java.io..",
                            "java.nio.file..",
                            "java.nio.channels..")
                    .orShould()
                    .dependOnClassesThat()
                    .belongToAnyOf(java.time.Clock.class, java.time.InstantSource.class)
                    .orShould()
                    .callMethod(java.time.Instant.class, "now")
                    .orShould()
                    .callMethod(System.class, "currentTimeMillis")
                    .orShould()
                    .callMethod(System.class, "nanoTime");

    private static final String PIPELINE = "dev.bluegreen.operator.internal.pipeline.";

    /**
     * The status of one reconcile is built once, by the report stage: the other stages hand on
     * outcomes as values ({@code Outcome}, {@code Finding}), and only {@code Report} uses {@code
     * StatusInputs}.
     */
    static final ArchRule ONLY_THE_REPORT_STAGE_USES_STATUS_INPUTS =
            noClasses()
                    .that()
                    .doNotHaveFullyQualifiedName(PIPELINE + "Report")
                    .and()
                    .doNotHaveFullyQualifiedName(PIPELINE + "StatusInputs")
                    .should()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName(PIPELINE + "StatusInputs");

    /**
     * Outside the status package only {@code StatusInputs} maps to a status ({@code
     * StatusMapper.map}, {@code UnreadableStatus.hold}).
     */
    static final ArchRule ONLY_STATUS_INPUTS_MAPS_A_STATUS =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.operator.internal.status..")
                    .and()
                    .doNotHaveFullyQualifiedName(PIPELINE + "StatusInputs")
                    .should()
                    .callMethod(StatusMapper.class, "map", StatusInput.class)
                    .orShould()
                    .callMethod(
                            UnreadableStatus.class,
                            "hold",
                            FlinkBlueGreenDeploymentStatus.class,
                            List.class,
                            long.class,
                            Instant.class);

    static final ArchRule PACKAGES_ARE_FREE_OF_CYCLES =
            slices().matching("dev.bluegreen.operator.(*)..")
                    .should()
                    .beFreeOfCycles()
                    .allowEmptyShould(true);

    /**
     * The implementation packages under {@code internal} are free of cycles among themselves too.
     */
    static final ArchRule INTERNAL_PACKAGES_ARE_FREE_OF_CYCLES =
            slices().matching("dev.bluegreen.operator.internal.(*)..").should().beFreeOfCycles();

    /**
     * Nothing under {@code internal} reaches back to the public entry points (controller, listener,
     * standalone): the dependency points from the API to its implementation only.
     */
    static final ArchRule INTERNAL_NEVER_USES_THE_ENTRY_POINTS =
            noClasses()
                    .that()
                    .resideInAPackage("dev.bluegreen.operator.internal..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.bluegreen.operator.controller..",
                            "dev.bluegreen.operator.listener..",
                            "dev.bluegreen.operator.standalone..");

    @Test
    void onlyTheApplyPackageUsesTheKubernetesClientDsl() {
        ONLY_APPLY_USES_THE_CLIENT_DSL.check(CLASSES);
    }

    @Test
    void onlyTheDropInListenerUsesFlink() {
        ONLY_THE_LISTENER_USES_FLINK.check(CLASSES);
    }

    @Test
    void onlyTheGateRuleAndChannelsAreUsed() {
        ONLY_THE_GATE_RULE_AND_CHANNELS_ARE_USED.check(CLASSES);
    }

    @Test
    void theHandoverCoordinatorIsPure() {
        THE_COORDINATOR_IS_PURE.check(CLASSES);
    }

    @Test
    void theDecideStageIsPure() {
        THE_DECIDE_STAGE_IS_PURE.check(CLASSES);
    }

    @Test
    void onlyTheReportStageUsesStatusInputs() {
        ONLY_THE_REPORT_STAGE_USES_STATUS_INPUTS.check(CLASSES);
    }

    @Test
    void onlyStatusInputsMapsAStatus() {
        ONLY_STATUS_INPUTS_MAPS_A_STATUS.check(CLASSES);
    }

    @Test
    void aStageThatBuildsItsOwnStatusBreaksBothRules() {
        var stage = new ClassFileImporter().importClasses(StageBuildingItsOwnStatus.class);
        assertThatThrownBy(() -> ONLY_THE_REPORT_STAGE_USES_STATUS_INPUTS.check(stage))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("StatusInputs");
        assertThatThrownBy(() -> ONLY_STATUS_INPUTS_MAPS_A_STATUS.check(stage))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("StatusMapper.map");
    }

    @Test
    void packagesAreFreeOfCycles() {
        PACKAGES_ARE_FREE_OF_CYCLES.check(CLASSES);
    }

    @Test
    void internalPackagesAreFreeOfCycles() {
        INTERNAL_PACKAGES_ARE_FREE_OF_CYCLES.check(CLASSES);
    }

    @Test
    void internalNeverUsesTheEntryPoints() {
        INTERNAL_NEVER_USES_THE_ENTRY_POINTS.check(CLASSES);
    }
}
