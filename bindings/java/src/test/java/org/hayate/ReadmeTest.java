package org.hayate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The READMEs' Java example is {@link Example} (quoted verbatim between its markers): this test
 * checks the quotation and runs the example with assertions enabled (surefire enables them).
 */
class ReadmeTest {
    private static String snippet() {
        String src = Vectors.text(Path.of("src/test/java/org/hayate/Example.java"));
        String body = src.substring(src.indexOf("// README-BEGIN\n") + "// README-BEGIN\n".length(),
                src.indexOf("        // README-END"));
        StringBuilder out = new StringBuilder();
        for (String line : body.split("\n", -1)) {
            out.append(line.startsWith("        ") ? line.substring(8) : line).append('\n');
        }
        return out.toString().replaceAll("\n+$", "\n");
    }

    @Test
    void readmesQuoteTheExample() {
        String block = "```java\n" + snippet() + "```";
        for (String readme : new String[] {"README.md", "bindings/java/README.md"}) {
            String text = Vectors.text(Vectors.repo(readme));
            assertTrue(text.contains(block), readme + " must contain the example of Example.java:\n" + block);
        }
    }

    @Test
    void exampleRuns() {
        boolean enabled = false;
        assert enabled = true;
        assertTrue(enabled, "assertions must be enabled (-ea)");
        Example.run();
    }
}
