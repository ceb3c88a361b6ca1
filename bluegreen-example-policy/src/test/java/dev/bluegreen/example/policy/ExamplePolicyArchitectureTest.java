package dev.bluegreen.example.policy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** An extension jar needs core and diff only, and its policy reads no clock. */
class ExamplePolicyArchitectureTest {
    private static JavaClasses mainClasses;

    @BeforeAll
    static void importMainClasses() {
        mainClasses =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.bluegreen.example.policy");
    }

    @Test
    void dependsOnlyOnTheJdkCoreAndDiff() {
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage(
                        "java..",
                        "dev.bluegreen.core..",
                        "dev.bluegreen.diff..",
                        "dev.bluegreen.example.policy..")
                .check(mainClasses);
    }

    @Test
    void neverReadsAClock() {
        noClasses()
                .should()
                .callMethod(java.time.Instant.class, "now")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.time.Clock")
                .check(mainClasses);
    }
}
