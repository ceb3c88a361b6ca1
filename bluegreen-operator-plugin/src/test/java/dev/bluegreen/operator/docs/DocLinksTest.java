package dev.bluegreen.operator.docs;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of README.md and docs/ leads to a file that exists, and every anchor to a
 * heading (or {@code <a id>}) of its page; the parser itself is checked on small pages.
 */
class DocLinksTest {
    @Test
    void everyLinkOfTheDocsLeadsToAFileAndAnAnchorThatExist() {
        List<String> broken = new ArrayList<>();
        int anchored = 0;
        for (Path page : Docs.pages()) {
            for (String target : DocLinks.targets(Docs.prose(page))) {
                if (!DocLinks.external(target)) {
                    check(page, target).ifPresent(broken::add);
                    anchored += target.contains("#") ? 1 : 0;
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
        assertThat(anchored).as("links with an anchor, checked").isGreaterThan(50);
    }

    private static java.util.Optional<String> check(Path page, String target) {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = Docs.name(page) + " -> " + target;
        if (!Files.exists(linked)) {
            return java.util.Optional.of(where + ": no such file");
        }
        if (hash < 0 || !linked.toString().endsWith(".md")) {
            return java.util.Optional.empty();
        }
        String anchor = target.substring(hash + 1);
        return DocLinks.anchors(Docs.prose(linked)).contains(anchor)
                ? java.util.Optional.empty()
                : java.util.Optional.of(where + ": no heading with that anchor");
    }

    @Test
    void findsInlineLinksAndImagesButNotLinksInCode() {
        String prose = "See [a](a.md#x), ![img](img/p.png \"t\") and `[no](code.md)`.";

        assertThat(DocLinks.targets(prose)).containsExactly("a.md#x", "img/p.png");
    }

    @Test
    void anchorsFollowGitHubsSlugsWithRepeatsNumbered() {
        String prose =
                "# Title\n## Keep window and cold hand-back\n## `advanced.cut`: the [cut](x.md)\n"
                        + "## Limits\n### Limits\n<a id=\"custom\"></a>\n";

        assertThat(DocLinks.anchors(prose))
                .containsExactly(
                        "title",
                        "keep-window-and-cold-hand-back",
                        "advancedcut-the-cut",
                        "limits",
                        "limits-1",
                        "custom");
    }

    @Test
    void urlsAndMailAddressesAreExternal() {
        assertThat(DocLinks.external("https://flink.apache.org")).isTrue();
        assertThat(DocLinks.external("mailto:a@b")).isTrue();
        assertThat(DocLinks.external("gate.md#the-rule")).isFalse();
    }
}
