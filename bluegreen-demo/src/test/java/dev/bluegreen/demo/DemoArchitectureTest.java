package dev.bluegreen.demo;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The demo's layering: the timeline model, the renderers and the summary are pure Java (testable
 * without a cluster); only {@code cluster} and {@code scenario} touch Kubernetes, the stand-in and
 * the controller, and only {@code scenario} Kafka and the broker; the renderers and the summary
 * never read a clock.
 */
class DemoArchitectureTest {
    static final JavaClasses MAIN =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.demo");

    static final ArchRule PURE =
            classes()
                    .that()
                    .resideInAnyPackage(
                            "dev.bluegreen.demo.timeline..",
                            "dev.bluegreen.demo.render..",
                            "dev.bluegreen.demo.summary..")
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage(
                            "java..",
                            "dev.bluegreen.demo.timeline..",
                            "dev.bluegreen.demo.render..",
                            "dev.bluegreen.demo.summary..");

    static final ArchRule NO_CLOCK_IN_RENDERING =
            noClasses()
                    .that()
                    .resideInAnyPackage(
                            "dev.bluegreen.demo.render..", "dev.bluegreen.demo.summary..")
                    .should()
                    .callMethod(System.class, "nanoTime")
                    .orShould()
                    .callMethod(System.class, "currentTimeMillis")
                    .orShould()
                    .callMethod(java.time.Instant.class, "now");

    static final ArchRule KAFKA_ONLY_IN_THE_SCENARIO =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.demo.scenario..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.apache.kafka..", "dev.bluegreen.kafka..");

    @Test
    void onlyTheScenarioTouchesKafkaAndTheBroker() {
        KAFKA_ONLY_IN_THE_SCENARIO.check(MAIN);
    }

    @Test
    void theKafkaRuleCatchesKafkaOutsideTheScenario() {
        JavaClasses fixture =
                new ClassFileImporter().importClasses(dev.bluegreen.demo.cluster.UsesKafka.class);

        assertThatThrownBy(() -> KAFKA_ONLY_IN_THE_SCENARIO.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("org.apache.kafka");
    }

    @Test
    void timelineRenderersAndSummaryArePureJava() {
        PURE.check(MAIN);
    }

    @Test
    void renderersAndSummaryNeverReadAClock() {
        NO_CLOCK_IN_RENDERING.check(MAIN);
    }

    @Test
    void thePurityRuleCatchesAKubernetesDependency() {
        JavaClasses fixture =
                new ClassFileImporter().importClasses(dev.bluegreen.demo.render.UsesFabric8.class);

        assertThatThrownBy(() -> PURE.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("io.fabric8");
    }

    @Test
    void theClockRuleCatchesAClockRead() {
        JavaClasses fixture =
                new ClassFileImporter().importClasses(dev.bluegreen.demo.render.ReadsClock.class);

        assertThatThrownBy(() -> NO_CLOCK_IN_RENDERING.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("nanoTime");
    }
}
