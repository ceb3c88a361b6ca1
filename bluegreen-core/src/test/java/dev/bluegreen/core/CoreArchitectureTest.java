package dev.bluegreen.core;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The rules of bluegreen-core's main code: JDK only, no clock reads, no output, no cycles. */
class CoreArchitectureTest {
    private static final DescribedPredicate<JavaMethodCall> CLOCK_READ =
            DescribedPredicate.describe("a clock read", CoreArchitectureTest::readsClock);

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.bluegreen.core");
    }

    private static boolean readsClock(JavaMethodCall call) {
        String owner = call.getTargetOwner().getName();
        String name = call.getName();
        boolean javaTime =
                owner.startsWith("java.time.")
                        && (name.equals("now")
                                || name.startsWith("system")
                                || name.startsWith("tick"));
        boolean system =
                owner.equals("java.lang.System")
                        && (name.equals("currentTimeMillis") || name.equals("nanoTime"));
        return javaTime || system;
    }

    @Test
    void coreDependsOnlyOnTheJdkAndItself() {
        classes()
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "dev.bluegreen.core..")
                .check(core);
    }

    @Test
    void coreNeverReadsAClock() {
        noClasses()
                .should()
                .callMethodWhere(CLOCK_READ)
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.time.InstantSource")
                .check(core);
    }

    @Test
    void coreWritesNoOutputAndLogsNothing() {
        noClasses()
                .should()
                .accessField(System.class, "out")
                .orShould()
                .accessField(System.class, "err")
                .orShould()
                .dependOnClassesThat()
                .resideInAPackage("java.util.logging..")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("java.lang.System$Logger")
                .check(core);
    }

    @Test
    void corePackagesHaveNoCycles() {
        slices().matching("dev.bluegreen.(**)").should().beFreeOfCycles().check(core);
    }

    @Test
    void clockRuleRecognisesClockReads() {
        var withClock = new ClassFileImporter().importClasses(ReadsClock.class);
        var rule = noClasses().should().callMethodWhere(CLOCK_READ);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> rule.check(withClock))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Instant.now()")
                .hasMessageContaining("Clock.systemUTC()")
                .hasMessageContaining("System.nanoTime()");
    }

    /** A class that reads clocks, to show the rule catches it. */
    static final class ReadsClock {
        long read() {
            return java.time.Instant.now().toEpochMilli()
                    + java.time.Clock.systemUTC().millis()
                    + System.nanoTime();
        }
    }
}
