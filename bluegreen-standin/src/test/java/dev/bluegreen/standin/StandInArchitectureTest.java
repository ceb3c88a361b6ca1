package dev.bluegreen.standin;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** Dependency rules of the stand-in. */
class StandInArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.standin");

    static final ArchRule MINICLUSTER_IN_ONE_PACKAGE =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("dev.bluegreen.standin.flink")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.apache.flink.runtime..", "org.apache.flink.client..")
                    .because(
                            "only dev.bluegreen.standin.flink runs Flink (MiniCluster, PackagedProgram)");

    static final ArchRule FLINK_SIDE_KNOWS_NO_KUBERNETES =
            noClasses()
                    .that()
                    .resideInAPackage("dev.bluegreen.standin.flink")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.fabric8..", "dev.bluegreen.standin")
                    .because("the Flink side is a plain job runner; status is written elsewhere");

    static final ArchRule NO_EXAMPLE_JOB_OR_CONTROLLER =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.bluegreen.example..",
                            "dev.bluegreen.operator..",
                            "dev.bluegreen.core..")
                    .because("the stand-in runs any user jar and plays only the upstream operator");

    @Test
    void miniClusterIsUsedOnlyInTheFlinkPackage() {
        MINICLUSTER_IN_ONE_PACKAGE.check(CLASSES);
    }

    @Test
    void flinkPackageDoesNotTalkToKubernetes() {
        FLINK_SIDE_KNOWS_NO_KUBERNETES.check(CLASSES);
    }

    @Test
    void standInNeverDependsOnTheExampleJobOrTheController() {
        NO_EXAMPLE_JOB_OR_CONTROLLER.check(CLASSES);
    }
}
