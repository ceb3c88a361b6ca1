package dev.bluegreen.gate.table;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The connector runs on users' job classpaths, like the gate: it may depend on the JDK, Flink and
 * the gate only, and reaches the gate through its public Flink adapter, never its internals.
 */
class GateTableArchitectureTest {
    static final JavaClasses CLASSES =
            new ClassFileImporter()
                    .withImportOption(new ImportOption.DoNotIncludeTests())
                    .importPackages("dev.bluegreen.gate.table");

    static final ArchRule DEPENDS_ONLY_ON_JDK_FLINK_AND_THE_GATE =
            classes()
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage(
                            "java..",
                            "org.apache.flink..",
                            "dev.bluegreen.gate.flink..",
                            "dev.bluegreen.gate.table..");

    static final ArchRule NEVER_USES_THE_CONTROLLER_SIDE =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "dev.bluegreen.operator..",
                            "dev.bluegreen.core..",
                            "io.fabric8..",
                            "io.javaoperatorsdk..");

    @Test
    void dependsOnlyOnTheJdkFlinkAndTheGatesFlinkAdapter() {
        DEPENDS_ONLY_ON_JDK_FLINK_AND_THE_GATE.check(CLASSES);
    }

    @Test
    void neverUsesTheControllerSide() {
        NEVER_USES_THE_CONTROLLER_SIDE.check(CLASSES);
    }
}
