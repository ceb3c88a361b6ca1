package dev.bluegreen.kafka.example;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Dependency rules of the Kafka example: a user job whose jar carries the gate, the example job's
 * classes, the Kafka connector and kafka-clients; Flink is provided. It never reaches into the
 * controller, the stand-in or the broker launcher (tests only).
 */
class KafkaExampleArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.kafka.example");

    static final ArchRule NO_PROJECT_DEPENDENCIES =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.bluegreen.standin..",
                            "dev.bluegreen.core..",
                            "dev.bluegreen.operator..",
                            "dev.bluegreen.demo..",
                            "dev.bluegreen.kafka.broker..")
                    .because("the Kafka example is a user job that runs on any Flink cluster");

    static final ArchRule ONLY_WHAT_TRAVELS_IN_THE_JOB_JAR =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideOutsideOfPackages(
                            "java..",
                            "org.apache.flink..",
                            "org.apache.kafka..",
                            "dev.bluegreen.kafka.example..",
                            "dev.bluegreen.example..",
                            "dev.bluegreen.gate.flink..")
                    .because(
                            "the job jar carries only the gate's Flink entry points, the example"
                                    + " job, the Kafka connector and kafka-clients; Flink is"
                                    + " provided");

    @Test
    void kafkaExampleNeverDependsOnTheControllerTheStandInOrTheBroker() {
        NO_PROJECT_DEPENDENCIES.check(CLASSES);
    }

    @Test
    void kafkaExampleUsesOnlyWhatItsJobJarCarries() {
        ONLY_WHAT_TRAVELS_IN_THE_JOB_JAR.check(CLASSES);
    }
}
