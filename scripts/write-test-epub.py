#!/usr/bin/env python3
"""Writes a one-page fixed-layout EPUB whose page is text over an SVG drawing (not one picture), so recto draws
it with its EPUB helper: the Debian package's test renders it in a clean root."""
import sys
import zipfile

PAGE = ('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
        '<meta name="viewport" content="width=600, height=800"/></head><body style="margin:0">'
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#00f"/></svg>'
        '<h1>Leaves</h1></body></html>')
PACKAGE = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata>'
           '<meta property="rendition:layout">pre-paginated</meta></metadata><manifest>'
           '<item id="p" href="p.xhtml" media-type="application/xhtml+xml"/></manifest>'
           '<spine><itemref idref="p"/></spine></package>')
CONTAINER = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             '<rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles>'
             '</container>')

with zipfile.ZipFile(sys.argv[1], "w") as book:
    book.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")  # first and stored, as OCF asks
    book.writestr("META-INF/container.xml", CONTAINER)
    book.writestr("OEBPS/book.opf", PACKAGE)
    book.writestr("OEBPS/p.xhtml", PAGE)
