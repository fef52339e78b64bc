"""The rule booklets, English and French, through WeasyPrint.

``document`` gathers what the booklet prints and makes the PDF, ``text``
turns rule text into HTML, ``tables`` and ``diagrams`` generate the tables
and SVG figures from the data, ``words`` holds the words around the rule
text, ``fetcher`` serves only the project's templates, ``pagenums`` writes
the page numbers of references, contents and index after the one layout
pass, ``impose`` arranges
the pages for saddle stitching, ``cli`` is ``tcforge print rulebook`` and
``bench`` times a booklet in its own process. ``rules003`` is the
fluid-time rules booklet (``tcforge deck rulebook``), built on the same text
and fetcher.
"""
