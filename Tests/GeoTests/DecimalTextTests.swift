import Testing
@testable import Geo

@Test func onlyPlainDecimalNumbersAreNumbers() {
    for text in ["0x10", "0X1p4", "+5", "1e3", "1E3", "nan", "NaN", "inf", "-infinity", "", "-", ".", "1.2.3", " 5", "5 ", "1,5", "٣"] {
        #expect(DecimalText.double(text) == nil, "'\(text)' was taken as a number")
    }
    #expect(DecimalText.double("53.406566") == 53.406566)
    #expect(DecimalText.double("-2.966531") == -2.966531)
    #expect(DecimalText.double(".5") == 0.5)
    #expect(DecimalText.double("16") == 16)
    for text in ["0x10", "+5", "1e3", "5.0", "-", "", "99999999999999999999999"] {
        #expect(DecimalText.integer(text) == nil, "'\(text)' was taken as a whole number")
    }
    #expect(DecimalText.integer("-12") == -12)
    #expect(DecimalText.integer("10") == 10)
}

@Test func aCoordinateIsTypedInDecimal() throws {
    #expect(throws: GeoError.self) { try Coordinate.parse("0x10,5") }
    #expect(throws: GeoError.self) { try Coordinate.parse("53.4,+2.9") }
    #expect(throws: GeoError.self) { try Coordinate.parse("5e1,2") }
    #expect(throws: GeoError.self) { try Coordinate.parse("nan,2") }
    let point = try Coordinate.parse(" 53.406566 , -2.966531 ")
    #expect(point.latitude == 53.406566)
}
