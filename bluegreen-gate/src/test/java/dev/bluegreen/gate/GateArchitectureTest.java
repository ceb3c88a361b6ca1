package dev.bluegreen.gate;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The gate runs on users' job classpaths: it may depend on the JDK and Flink only. The module has
 * no classes yet (gate issue); the rules hold for every class added later.
 */
@AnalyzeClasses(
        packages = "dev.bluegreen.gate",
        importOptions = ImportOption.DoNotIncludeTests.class)
class GateArchitectureTest {

    @ArchTest
    static final ArchRule dependsOnlyOnJdkAndFlink =
            classes()
                    .should()
                    .onlyDependOnClassesThat()
                    .resideInAnyPackage("java..", "org.apache.flink..", "dev.bluegreen.gate..")
                    .allowEmptyShould(true);

    @ArchTest
    static final ArchRule neverUsesKubernetesClients =
            noClasses()
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.fabric8..", "io.javaoperatorsdk..", "com.fasterxml..")
                    .allowEmptyShould(true);
}
