#!/usr/bin/env python3
"""Writes Resources/seed/campus-artworks.json from ../shared/campus-artworks-facts.tsv.

The facts (titles, artists, years, coordinates, buildings, file names, dates) come from the TSV; the
descriptions and location notes are ours. The output is in the campus service's 12-field shape, every
value a JSON string, so the app decodes it with the same decoder as a sync.
Run: python3 Resources/tools/make_seed.py ../shared/campus-artworks-facts.tsv > Resources/seed/campus-artworks.json
"""
import csv
import json
import sys

NOTES = {
    "34": ("inside, near the main entrance", "A large painting by Maurice Cockrill, a painter who made his name in Liverpool before moving to London. Its title suits the place it hangs: the way into the building."),
    "35": ("inside the library", "An early twentieth-century painting by Albrecht Lipczinski, a German-born artist who worked in Liverpool. It gathers a group of New Testament figures in one composition."),
    "36": ("inside, on the ground floor", "A hard-edged abstract painting by Henry Mundy. It is one of nine post-war paintings that hang together in this building."),
    "37": ("inside, on the ground floor", "Robyn Denny's painting is built from flat, carefully placed bands of colour. Denny was one of the young British abstract painters of the early 1960s."),
    "38": ("inside, on the ground floor", "Paul Feiler, who worked in Cornwall, reduces landscape to enclosed fields of brown and blue. Stand back from it to see the forms settle."),
    "39": ("inside, on the ground floor", "A painting by Bernard Cohen from the year he was making some of his most intricate abstract work. Look closely at how the layers of line overlap."),
    "40": ("inside, on the ground floor", "An abstract painting by Christopher Darton Watkins, part of the group of early 1960s works gathered in this building."),
    "41": ("inside, on the ground floor", "John Howlin's painting is named after a spiced wine drink. Its colour is as warm as its title."),
    "42": ("inside, on the ground floor", "Trevor Bell's painting takes its title from the early Italian painting of Umbria and Siena, translated into a modern abstract language."),
    "43": ("inside, on the ground floor", "Bryan Wynter, one of the St Ives painters, made shimmering abstract surfaces that suggest water and distance, as the title hints."),
    "44": ("inside, on the ground floor", "A painting by Endre Nemes, a Hungarian-born artist who settled in Sweden. It is the most figurative of the group in this building."),
    "45": ("outside, by the building", "A statue of Prince Leopold, Duke of Albany, Queen Victoria's youngest son, by the sculptor Count Gleichen. It is one of the oldest public sculptures on the campus."),
    "46": ("on the facade", "Carved figures by the Scottish sculptor William Birnie Rhind decorate the outside of the building. Look up at the stonework above the street."),
    "47": ("on the facade", "A relief by C.J. Allen on the laboratories built for physiology and pathology. Its figures speak for the sciences taught inside."),
    "48": ("above the main entrance", "Eric Kennington's relief welcomes readers into the library. It is a fitting subject for the door of a university library."),
    "49": ("inside the main building", "C.J. Allen's memorial to the members of the University who died in the First World War. It was unveiled in 1927."),
    "50": ("inside the main building", "A memorial by C.J. Allen to Charles William Jones, a Liverpool benefactor of the University."),
    "51": ("inside the main building", "A statue of Christopher Bushell, one of the people who worked to found the University College in Liverpool, by Albert Bruce-Joy."),
    "52": ("inside the main building", "A recent piece by Stephen Hitchin whose one-word title invites a smile. It sits among the much older memorials of the building."),
    "53": ("at the entrance", "John McCarthy's metalwork gate and screen make an open, patterned boundary. It is both a working gate and a sculpture."),
    "54": ("on an outside wall", "Eric Paskett's relief is cast in black concrete, a material typical of post-war campus building. Light across its surface changes it through the day."),
    "55": ("on an outside wall", "A mural in five terracotta panels by John McCarthy. Walk along it to read the panels one after another."),
    "56": ("on the facade", "Lettering designed by the modernist architect Maxwell Fry. Good letter forms were part of the architecture, not an afterthought."),
    "57": ("on the building", "Peter Lanyon's mural, one of his few large public works, turns the coast's tides and sands into a struggle with the engineer. It was made the year the building opened."),
    "58": ("inside the main building", "George Frampton's memorial to George Holt, a Liverpool shipowner whose family gave generously to the University."),
    "59": ("in the quadrangle", "Philip King's painted sculpture stands in the open air. Walk around it: the red shapes frame the space between them, as the title says."),
    "60": ("in the square", "Tom Murphy's statue honours Liverpool's recipients of the Victoria Cross. It stands in the gardens of Abercromby Square."),
    "61": ("in the quadrangle", "Sean Rice, a Liverpool sculptor, made welded figures drawn from the Bible. Shemaiah is named after an Old Testament prophet."),
    "62": ("outside the halls", "Barbara Hepworth's bronze pierces a square slab with two circles. It is one of the best-known sculptures on the campus."),
    "63": ("inside the main building", "One of Elisabeth Frink's goggled heads of the 1960s, a fierce, masked image of a modern man."),
    "64": ("in the quadrangle", "Elisabeth Frink's bronze runner strides forward in mid-stride. It is one of her later figures."),
}


def main(path):
    rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"))
    records = []
    for r in rows:
        where, info = NOTES[r["id"]]
        records.append({
            "id": r["id"],
            "title": r["title"],
            "artist": r["artist"],
            "yearOfWork": r["year"],
            "Information": info,
            "lat": r["lat"],
            "long": r["long"],
            "location": r["building"],
            "locationNotes": "%s, %s" % (r["building"], where),
            "fileName": r["image_file"],
            "lastModified": r["last_modified"],
            "enabled": "1",
        })
    json.dump({"artworks": records}, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/campus-artworks-facts.tsv")
