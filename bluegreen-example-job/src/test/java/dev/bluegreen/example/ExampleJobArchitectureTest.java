package dev.bluegreen.example;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Dependency rules of the example job: a plain user job; of the project it uses only the gate's
 * Flink entry point, as a user job would.
 */
class ExampleJobArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.example");

    static final ArchRule NO_PROJECT_DEPENDENCIES =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.bluegreen.standin..",
                            "dev.bluegreen.core..",
                            "dev.bluegreen.operator..",
                            "dev.bluegreen.demo..")
                    .because("the example job is a user job that runs on any Flink cluster");

    static final ArchRule ONLY_JDK_FLINK_AND_THE_GATE =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideOutsideOfPackages(
                            "java..",
                            "org.apache.flink..",
                            "dev.bluegreen.example..",
                            "dev.bluegreen.gate.flink..")
                    .because(
                            "the job jar bundles only the gate (its entry point BlueGreenGate);"
                                    + " Flink is provided");

    @Test
    void exampleJobNeverDependsOnTheStandInOrTheController() {
        NO_PROJECT_DEPENDENCIES.check(CLASSES);
    }

    @Test
    void exampleJobUsesOnlyTheJdkFlinkAndTheGateEntryPoint() {
        ONLY_JDK_FLINK_AND_THE_GATE.check(CLASSES);
    }
}
