package dev.bluegreen.example;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** Dependency rules of the example job: a plain user job, nothing of the project in it. */
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

    static final ArchRule ONLY_JDK_AND_FLINK =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideOutsideOfPackages(
                            "java..", "org.apache.flink..", "dev.bluegreen.example..")
                    .because("the job jar bundles only the datagen connector; Flink is provided");

    @Test
    void exampleJobNeverDependsOnTheStandInOrTheController() {
        NO_PROJECT_DEPENDENCIES.check(CLASSES);
    }

    @Test
    void exampleJobUsesOnlyTheJdkAndFlink() {
        ONLY_JDK_AND_FLINK.check(CLASSES);
    }
}
